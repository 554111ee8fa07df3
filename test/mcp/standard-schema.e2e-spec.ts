/**
 * Tools declared with a Standard Schema (Zod 4, Valibot with
 * `toStandardJsonSchema`, ArkType), the very constants a Nest 12 route takes
 * in `@Body({ schema })` and `@SerializeOptions({ schema })`: listed from
 * each schema's JSON Schema 2020-12 (input side for arguments, output side
 * for answers), validated by Nest's `StandardSchemaValidationPipe` so a
 * refusal is the route's 400 body and a valid call reaches the method
 * transformed as the route's does, answers serialized through the output
 * schema, and all of it accepted by both official SDK clients.
 */
import { INestApplication, Injectable } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import * as v from 'valibot';
import request from 'supertest';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { Client as Sdk1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as Sdk1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as Client2, StreamableHTTPClientTransport as Transport2 } from '@modelcontextprotocol/client';
import { McpArgs, McpTool } from '@kobana/mcp';
import { expectToolMatchesRoute, expectToolOutputMatches, McpParityOptions, McpTestClient } from '@kobana/mcp/testing';
import { CREATED_AT, createStandardSchemaApp } from './support/standard-schema.fixture';
import { startWithProvider } from './support/fixture.app';

jest.setTimeout(30_000);

const WRITER = 'token-writer';
const REST: McpParityOptions = { headers: {} };
const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));

/** One library's tool and route, and the bodies both are sent. */
interface LibraryCase {
  library: string;
  tool: string;
  path: string;
  /** Valid bodies, with what the method must receive for each (transformed by the schema). */
  valid: Array<{ body: Record<string, unknown>; received: Record<string, unknown> }>;
  invalid: Array<Record<string, unknown>>;
}

const LIBRARIES: LibraryCase[] = [
  {
    library: 'Zod 4',
    tool: 'zod_thing_create',
    path: '/zod',
    valid: [
      { body: { name: '  Bolt  ', quantity: '3', tags: ['a'] }, received: { name: 'Bolt', quantity: 3, tags: ['a'] } },
      { body: { name: 'Nut' }, received: { name: 'Nut', quantity: 1, tags: [] } },
    ],
    invalid: [{ name: ' x ' }, { name: 'Bolt', quantity: 0, tags: ['a', 'b', 'c', 'd'] }, {}, { name: 7, quantity: 'many' }],
  },
  {
    library: 'Valibot',
    tool: 'valibot_thing_create',
    path: '/valibot',
    valid: [
      { body: { name: 'Bolt', quantity: 4 }, received: { name: 'Bolt', quantity: 4 } },
      { body: { name: 'Nut', extra: true }, received: { name: 'Nut', quantity: 1 } },
    ],
    invalid: [{ name: 'x' }, { name: 'Bolt', quantity: 1.5 }, {}, { name: 'Bolt', quantity: '3' }],
  },
  {
    library: 'ArkType',
    tool: 'ark_thing_create',
    path: '/ark',
    valid: [
      { body: { name: 'Bolt', quantity: 2 }, received: { name: 'Bolt', quantity: 2 } },
      { body: { name: 'Nut' }, received: { name: 'Nut', quantity: 1 } },
    ],
    invalid: [{ name: 'x' }, { name: 'Bolt', quantity: 0 }, {}, { name: 'Bolt', quantity: 'many' }],
  },
];

describe('@McpTool with a Standard Schema: the route’s schema, listed, validated and answered as the route does', () => {
  let app: INestApplication;
  let mcp: McpTestClient;
  let url: string;
  const clients: Array<{ close(): Promise<void> }> = [];

  beforeAll(async () => {
    app = await createStandardSchemaApp();
    url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/mcp`;
    mcp = await McpTestClient.create(app, { token: WRITER });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await app.close();
  });

  const toolsOf = async (era: '2025' | '2026') => Object.fromEntries((await mcp.with({ era }).listTools()).map((tool) => [tool.name, tool]));
  const route = (path: string, body: Record<string, unknown>) => request(app.getHttpServer()).post(`/api/v1/things${path}`).send(body);

  it('lists each schema’s constraints in both eras: the input side for arguments, the output side for answers, with no $schema', async () => {
    for (const era of ['2025', '2026'] as const) {
      const tools = await toolsOf(era);
      expect(tools.zod_thing_create.inputSchema).toEqual({
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 2, maxLength: 40 },
          quantity: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 1 },
          tags: { type: 'array', items: { type: 'string', maxLength: 10 }, maxItems: 3, default: [] },
        },
        required: ['name'],
      });
      expect(tools.zod_thing_create.outputSchema).toEqual({
        type: 'object',
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          quantity: { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
          tags: { type: 'array', items: { type: 'string' } },
          created_at: { type: 'string', format: 'date-time', pattern: expect.any(String) },
        },
        required: ['id', 'name', 'quantity', 'tags', 'created_at'],
        additionalProperties: false,
      });
      expect(tools.valibot_thing_create.inputSchema).toEqual({
        type: 'object',
        properties: { name: { type: 'string', minLength: 2, maxLength: 40 }, quantity: { type: 'integer', minimum: 1, default: 1 } },
        required: ['name'],
      });
      // ArkType's default makes `quantity` optional on the way in and always present on the way out.
      expect(tools.ark_thing_create.inputSchema).toEqual({
        type: 'object',
        properties: { name: { type: 'string', minLength: 2, maxLength: 40 }, quantity: { type: 'integer', minimum: 1 } },
        required: ['name'],
      });
      expect(tools.ark_thing_create.outputSchema).toEqual({
        type: 'object',
        properties: { id: { type: 'string' }, name: { type: 'string' }, quantity: { type: 'integer' }, created_at: { type: 'string' } },
        required: ['created_at', 'id', 'name', 'quantity'],
        additionalProperties: false,
      });
      for (const tool of Object.values(tools) as Array<Record<string, any>>) {
        expect(ajv.validateSchema(tool.inputSchema)).toBe(true);
        if (tool.outputSchema) expect(ajv.validateSchema(tool.outputSchema)).toBe(true);
        expect(JSON.stringify(tool)).not.toContain('$schema');
      }
    }
  });

  it('honours an x-mcp-header a Zod schema declares with .meta(): listed, mirrored by era-2026 clients, checked by the module', async () => {
    const { zod_region_get: tool } = await toolsOf('2026');
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: { region: { type: 'string', minLength: 2, 'x-mcp-header': 'Region' } },
      required: ['region'],
    });
    expect((await mcp.callTool('zod_region_get', { region: 'eu' })).structuredContent).toEqual({ region: 'eu' });
    const mismatch = await mcp.send('tools/call', { name: 'zod_region_get', arguments: { region: 'eu' } }, { 'Mcp-Param-Region': 'us' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({ error: { code: -32020, message: 'Header mismatch: Mcp-Param-Region' } });
  });

  for (const { library, tool, path, valid, invalid } of LIBRARIES) {
    describe(library, () => {
      it('a valid call reaches the method transformed as the route’s body is, and both answer the same JSON through the output schema', async () => {
        for (const { body, received } of valid) {
          const answer = await expectToolMatchesRoute(mcp, { tool, args: body, route: { method: 'POST', path: `/things${path}`, body }, status: 201 }, REST);
          expect(answer.body).toMatchObject({ ...received, created_at: CREATED_AT });
          // The key the service adds beyond the output schema is stripped on both sides.
          expect(answer.body).not.toHaveProperty('internal_note');
          const outcome = await mcp.callTool(tool, body);
          expect(outcome.structuredContent).toEqual(answer.body);
          expectToolOutputMatches(app, tool, outcome);
        }
      });

      it('an invalid call is an isError result whose text is exactly the route’s 400 body', async () => {
        for (const body of invalid) {
          const rest = await route(path, body);
          expect(rest.status).toBe(400);
          expect(rest.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(Array) });
          const outcome = await mcp.callTool(tool, body);
          expect(outcome).toMatchObject({ isError: true, structuredContent: undefined });
          expect(outcome.text).toBe(rest.text);
          await expectToolMatchesRoute(mcp, { tool, args: body, route: { method: 'POST', path: `/things${path}`, body }, status: 400 }, REST);
        }
      });
    });
  }

  it('a destructive tool checks its arguments with the schema before asking, and the confirmed call gets them transformed', async () => {
    const refused = await mcp.callTool('zod_thing_delete', { id: ' x ' });
    expect(refused).toMatchObject({ isError: true, resultType: 'complete' });
    expect(refused.error).toEqual({ statusCode: 400, error: 'Bad Request', message: ['id: Too small: expected string to have >=2 characters'] });
    for (const era of ['2025', '2026'] as const) {
      const done = await mcp.with({ era }).callToolConfirmed('zod_thing_delete', { id: '  t9  ' });
      expect(done.structuredContent).toEqual({ id: 't9', name: 'gone', quantity: 0, tags: [], created_at: CREATED_AT });
    }
    const { zod_thing_delete: tool, zod_thing_create: plain } = await toolsOf('2025');
    expect(tool.outputSchema.anyOf[0]).toEqual(plain.outputSchema);
  });

  it('a prompt’s @McpArgs({ schema }) validates and transforms its arguments; a refusal is -32602 with the pipe’s messages', async () => {
    const prompt = await mcp.getPrompt('zod_thing_describe', { name: '  Bolt  ' });
    expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Describe the thing named "Bolt".' } }]);
    await expect(mcp.getPrompt('zod_thing_describe', { name: ' x ' })).rejects.toMatchObject({
      code: -32602,
      message: 'name: Too small: expected string to have >=2 characters',
    });
  });

  it('an answer its output schema refuses is the route’s 500 and the tool’s internal error, never a result that breaks the schema', async () => {
    const rest = await route('/broken/1', { name: 'Bolt' });
    expect(rest.status).toBe(500);
    await expect(mcp.callTool('zod_thing_broken', { name: 'Bolt' })).rejects.toMatchObject({ code: -32603 });
    // Its arguments are still checked first, as the route's are.
    const refused = await mcp.callTool('zod_thing_broken', { name: 'x' });
    expect(refused.text).toBe((await route('/broken/1', { name: 'x' })).text);
  });

  it('the testing kit checks structuredContent against an output schema from a Standard Schema as it does for a class', async () => {
    const outcome = await mcp.callTool('ark_thing_create', { name: 'Bolt' });
    expect(() => expectToolOutputMatches(app, 'ark_thing_create', outcome)).not.toThrow();
    expect(() => expectToolOutputMatches(app, 'ark_thing_create', { structuredContent: { ...outcome.structuredContent, quantity: 1.5 } })).toThrow(
      /ark_thing_create: structuredContent does not match.*quantity must be integer/,
    );
    expect(() => expectToolOutputMatches(app, 'zod_thing_create', { structuredContent: { id: 'z1' } })).toThrow(/must have required property 'name'/);
  });

  it('SDK 1.x Client (era 2025): valid calls give conforming structuredContent; an invalid one resolves with the route’s 400 body', async () => {
    const client = new Sdk1Client({ name: 'standard-sdk1', version: '1.0.0' });
    clients.push(client);
    await client.connect(new Sdk1Transport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${WRITER}` } } }));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(LIBRARIES.map((library) => library.tool)));
    for (const { tool, path, valid, invalid } of LIBRARIES) {
      const ok = await client.callTool({ name: tool, arguments: valid[0].body });
      expect(ok.isError).toBeFalsy();
      expect(ok.structuredContent).toEqual((await route(path, valid[0].body)).body);
      const refused = await client.callTool({ name: tool, arguments: invalid[0] });
      expect(refused.isError).toBe(true);
      expect(refused.content).toEqual([{ type: 'text', text: (await route(path, invalid[0])).text }]);
    }
  });

  it('client 2.x (era 2026): valid calls give conforming structuredContent; an invalid one resolves with the route’s 400 body', async () => {
    const client = new Client2({ name: 'standard-client2', version: '2.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    clients.push(client);
    await client.connect(new Transport2(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${WRITER}` } } }));
    await client.listTools();
    for (const { tool, path, valid, invalid } of LIBRARIES) {
      const ok = await client.callTool({ name: tool, arguments: valid[1].body });
      expect(ok.isError).toBeFalsy();
      expect(ok.structuredContent).toEqual((await route(path, valid[1].body)).body);
      const refused = await client.callTool({ name: tool, arguments: invalid[1] });
      expect(refused.isError).toBe(true);
      expect(refused.content).toEqual([{ type: 'text', text: (await route(path, invalid[1])).text }]);
    }
  });
});

describe('@McpTool with a Standard Schema: the host’s pipe options', () => {
  it('the module’s standardSchemaValidation gives the tool the refusal the route’s own pipe answers', async () => {
    const app = await createStandardSchemaApp({ errorHttpStatusCode: 422 });
    try {
      const mcp = await McpTestClient.create(app, { token: WRITER });
      const rest = await request(app.getHttpServer()).post('/api/v1/things/zod').send({ name: 'x' });
      expect(rest.status).toBe(422);
      expect(rest.body).toMatchObject({ statusCode: 422, error: 'Unprocessable Entity' });
      expect((await mcp.callTool('zod_thing_create', { name: 'x' })).text).toBe(rest.text);
    } finally {
      await app.close();
    }
  });
});

describe('@McpTool with a Standard Schema: declarations that stop start-up', () => {
  const PlainValibot = v.object({ name: v.string() });

  @Injectable()
  class WithoutJsonSchema {
    @McpTool({ name: 'plain_valibot', description: 'x' })
    create(@McpArgs({ schema: PlainValibot }) body: unknown) {
      return body;
    }
  }

  @Injectable()
  class NotAnObject {
    @McpTool({ name: 'bare_string', description: 'x', input: z.string() })
    create(@McpArgs() body: unknown) {
      return body;
    }
  }

  @Injectable()
  class TwoSchemas {
    @McpTool({ name: 'two_schemas', description: 'x', input: z.object({ a: z.string() }) })
    create(@McpArgs({ schema: z.object({ b: z.string() }) }) body: unknown) {
      return body;
    }
  }

  @Injectable()
  class SchemaAndInputSchema {
    @McpTool({ name: 'schema_and_raw', description: 'x', inputSchema: { type: 'object' } })
    create(@McpArgs({ schema: z.object({ b: z.string() }) }) body: unknown) {
      return body;
    }
  }

  @Injectable()
  class OutputWithoutJsonSchema {
    @McpTool({ name: 'plain_output', description: 'x', output: PlainValibot })
    create() {
      return { name: 'x' };
    }
  }

  const start = startWithProvider;

  it('a Valibot schema without toStandardJsonSchema, as arguments or as the answer', async () => {
    await expect(start(WithoutJsonSchema)).rejects.toThrow(
      'MCP tool "plain_valibot": its valibot schema has no "~standard.jsonSchema.input" (StandardJSONSchemaV1), so no JSON Schema can be listed for it; wrap it with toStandardJsonSchema() from @valibot/to-json-schema',
    );
    await expect(start(OutputWithoutJsonSchema)).rejects.toThrow(/MCP tool "plain_output": its valibot schema has no "~standard.jsonSchema.output"/);
  });
  it('arguments that are not an object', () => expect(start(NotAnObject)).rejects.toThrow(/MCP tool "bare_string": its input schema must describe an object/));
  it('two different schemas for the same arguments', () =>
    expect(start(TwoSchemas)).rejects.toThrow(/MCP tool "two_schemas" declares its arguments twice .* with different schemas/));
  it('a schema beside a hand-written inputSchema', () =>
    expect(start(SchemaAndInputSchema)).rejects.toThrow('MCP tool "schema_and_raw" declares both "inputSchema" and @McpArgs({ schema }): choose one'));
});
