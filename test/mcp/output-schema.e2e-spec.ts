/**
 * A tool's `outputSchema`: built at start-up from the response class named by
 * `output` (or the method's return class), listed in both eras, admitting the
 * approval link for destructive tools, and enforced by the testing kit and by
 * both official SDK clients, so an answer that drifts from its class fails.
 */
import { INestApplication, Injectable } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { Client as Sdk1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as Sdk1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as Client2, StreamableHTTPClientTransport as Transport2 } from '@modelcontextprotocol/client';
import { McpTool } from '@kobana/mcp';
import { McpTestClient } from '@kobana/mcp/testing';
import { NoteCountView, outputHostBuilder } from './support/output.fixture';
import { startWithProvider } from './support/fixture.app';

jest.setTimeout(30_000);

const WRITER = 'token-writer';
const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));

describe('@McpTool output: outputSchema in tools/list and checked answers', () => {
  let app: INestApplication;
  let mcp: McpTestClient;
  let url: string;
  const clients: Array<{ close(): Promise<void> }> = [];

  beforeAll(async () => {
    app = (await outputHostBuilder().compile()).createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/mcp`;
    mcp = await McpTestClient.create(app, { token: WRITER });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await app.close();
  });

  const toolsOf = async (era: '2025' | '2026') => Object.fromEntries((await mcp.with({ era }).listTools()).map((tool) => [tool.name, tool]));

  it('lists the schema of the output class in both eras: closed objects, required fields, nullable values and nested classes', async () => {
    for (const era of ['2025', '2026'] as const) {
      const { note_get: tool } = await toolsOf(era);
      expect(tool.outputSchema).toEqual({
        type: 'object',
        properties: {
          id: { type: 'string' },
          organization_id: { type: 'string' },
          status: { type: 'string', enum: ['draft', 'published'] },
          tags: { type: 'array', items: { type: 'string' } },
          version: { type: 'integer' },
          published_at: { type: ['string', 'null'], format: 'date-time' },
          author: {
            anyOf: [{ type: 'object', properties: { subject: { type: 'string' } }, required: ['subject'], additionalProperties: false }, { type: 'null' }],
          },
          summary: { type: 'string' },
        },
        required: ['id', 'organization_id', 'status', 'tags', 'version', 'published_at', 'author'],
        additionalProperties: false,
      });
      expect(ajv.validateSchema(tool.outputSchema)).toBe(true);
      expect(tool.title).toBe('Get a note');
    }
  });

  it('takes the return class of a synchronous method when it has validators, and lists no outputSchema for a tool that declares none', async () => {
    const tools = await toolsOf('2026');
    expect(tools.note_count.outputSchema).toEqual({
      type: 'object',
      properties: { count: { type: 'integer' } },
      required: ['count'],
      additionalProperties: false,
    });
    expect(tools.note_untyped).not.toHaveProperty('outputSchema');
    // McpContent (content blocks) and a class without validators describe no JSON.
    expect(tools.note_text).not.toHaveProperty('outputSchema');
    expect(tools.note_plain).not.toHaveProperty('outputSchema');
    expect((await mcp.callTool('note_text')).text).toBe('hello');
    expect((await mcp.callTool('note_untyped')).structuredContent).toEqual({ anything: true });
  });

  it('a destructive tool admits the approval link beside its own answer, and both validate', async () => {
    const { note_erase: tool, note_get: plain } = await toolsOf('2025');
    expect(tool.outputSchema.type).toBe('object');
    expect(tool.outputSchema.anyOf).toHaveLength(2);
    expect(tool.outputSchema.anyOf[0]).toEqual(plain.outputSchema);
    const check = ajv.compile(tool.outputSchema);
    const pending = await mcp.with({ era: '2025' }).callTool('note_erase', { id: 'n1' });
    expect(pending.structuredContent).toMatchObject({ status: 'approval_required' });
    expect(check(pending.structuredContent)).toBe(true);
    const done = await mcp.with({ era: '2025' }).approve(pending);
    expect(done.structuredContent).toMatchObject({ id: 'n1', status: 'published' });
    expect(check(done.structuredContent)).toBe(true);
    expect(check({ status: 'approval_required', approval_id: 'a' })).toBe(false);
  });

  it('the testing kit refuses an answer with an extra field, a missing one or a wrong type, and accepts the exact one', async () => {
    await expect(mcp.callTool('note_drift', { id: 'n1', drift: 'none' })).resolves.toMatchObject({ isError: false });
    await expect(mcp.callTool('note_drift', { id: 'n1', drift: 'extra' })).rejects.toThrow(
      /note_drift: structuredContent does not match.*additional properties/,
    );
    await expect(mcp.callTool('note_drift', { id: 'n1', drift: 'missing' })).rejects.toThrow(/must have required property 'organization_id'/);
    await expect(mcp.callTool('note_drift', { id: 'n1', drift: 'type' })).rejects.toThrow(/version must be integer/);
    // An isError result carries the route's error JSON as its text alone, to which no output schema applies.
    await expect(mcp.callTool('note_drift', { id: 'n1', drift: 'bogus' })).resolves.toMatchObject({ isError: true, structuredContent: undefined });
    await expect(mcp.with({ checkOutput: false }).callTool('note_drift', { id: 'n1', drift: 'extra' })).resolves.toMatchObject({ isError: false });
  });

  it('SDK 1.x Client.callTool (era 2025) validates against the listed outputSchema: the exact answer passes, a drifted one is refused', async () => {
    const client = new Sdk1Client({ name: 'output-sdk1', version: '1.0.0' });
    clients.push(client);
    await client.connect(new Sdk1Transport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${WRITER}` } } }));
    await client.listTools();
    expect((await client.callTool({ name: 'note_get', arguments: { id: 'n1' } })).structuredContent).toMatchObject({ id: 'n1' });
    const pending = await client.callTool({ name: 'note_erase', arguments: { id: 'n2' } });
    expect(pending.structuredContent).toMatchObject({ status: 'approval_required' });
    await expect(client.callTool({ name: 'note_drift', arguments: { id: 'n1', drift: 'extra' } })).rejects.toThrow(/output schema/i);
  });

  it('client 2.x (era 2026) validates against the listed outputSchema: the exact answer passes, a drifted one is refused', async () => {
    const client = new Client2({ name: 'output-client2', version: '2.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    clients.push(client);
    await client.connect(new Transport2(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${WRITER}` } } }));
    await client.listTools();
    expect((await client.callTool({ name: 'note_get', arguments: { id: 'n1' } })).structuredContent).toMatchObject({ id: 'n1' });
    await expect(client.callTool({ name: 'note_drift', arguments: { id: 'n1', drift: 'missing' } })).rejects.toThrow(/output schema|structured/i);
  });
});

describe('@McpTool output: declarations that stop start-up', () => {
  @Injectable()
  class BothOutputs {
    @McpTool({ name: 'both', description: 'x', output: NoteCountView, outputSchema: { type: 'object' } })
    both() {
      return { count: 1 };
    }
  }

  @Injectable()
  class ArrayOutput {
    @McpTool({ name: 'array', description: 'x', outputSchema: { type: 'array' } })
    array() {
      return [];
    }
  }

  const start = startWithProvider;

  it('both output and outputSchema', () => expect(start(BothOutputs)).rejects.toThrow('MCP tool "both" declares both "outputSchema" and "output": choose one'));
  it('an outputSchema that is not an object schema', () =>
    expect(start(ArrayOutput)).rejects.toThrow(/MCP tool "array": its output must be a JSON Schema with "type": "object"/));
});
