import { Injectable, INestApplication } from '@nestjs/common';
import { McpArgs, McpTool } from '@kobana/mcp';
import { createHostApp, Era, rpc } from './support/fixture.rpc';
import { BINARY_BYTES, ContentFixtures, PIXEL_PNG_BASE64, RAW_SCHEMA, WAV_BASE64 } from './support/content.fixture';

const ERAS: Era[] = ['2025', '2026'];
const HOST_META = { 'io.modelcontextprotocol/serverInfo': { name: 'host', version: '1' } };

/** The exact success body of `createHostApp`'s server in an era (id 1). */
function hostResult(era: Era, result: Record<string, unknown>, cacheable = false) {
  if (era === '2025') return { jsonrpc: '2.0', id: 1, result };
  return { jsonrpc: '2.0', id: 1, result: { resultType: 'complete', ...result, ...(cacheable ? { ttlMs: 0, cacheScope: 'private' } : {}), _meta: HOST_META } };
}

describe('McpModule: McpContent, raw input schemas and binary resources', () => {
  let app: INestApplication;
  beforeAll(async () => (app = await createHostApp(ContentFixtures)));
  afterAll(() => app.close());

  describe.each(ERAS)('era %s', (era) => {
    const call = async (name: string, args: Record<string, unknown> = {}) => {
      const response = await rpc(app, era, 'tools/call', { name, arguments: args }, { name });
      expect(response.status).toBe(200);
      return response.body;
    };

    it.each([
      ['picture', { content: [{ type: 'image', data: PIXEL_PNG_BASE64, mimeType: 'image/png' }] }],
      ['voice', { content: [{ type: 'audio', data: WAV_BASE64, mimeType: 'audio/wav' }] }],
      [
        'bundle',
        {
          content: [
            { type: 'text', text: 'Three blocks:' },
            { type: 'resource', resource: { uri: 'fixture://embedded', mimeType: 'application/json', text: '{"a":1}' } },
            { type: 'resource_link', uri: 'fixture://linked', name: 'linked', mimeType: 'text/plain' },
          ],
        },
      ],
      ['refuse', { content: [{ type: 'text', text: 'Cannot do that: the account is closed.' }], isError: true }],
      ['summary', { content: [{ type: 'text', text: '2 open, 1 closed' }], structuredContent: { open: 2, closed: 1 } }],
    ])('tool %s answers its McpContent blocks as is', async (name, result) => {
      expect(await call(name)).toEqual(hostResult(era, result));
    });

    it('lists a raw inputSchema exactly as declared, keywords and all', async () => {
      const response = await rpc(app, era, 'tools/list');
      const tool = response.body.result.tools.find((listed: { name: string }) => listed.name === 'raw_schema');
      expect(tool.inputSchema).toEqual(RAW_SCHEMA);
    });

    it('passes the arguments of a raw-schema tool unvalidated: the method owns their validation', async () => {
      const args = { region: 'eu', contact: 'fax', extra: [1] };
      const response = await rpc(app, era, 'tools/call', { name: 'raw_schema', arguments: args }, { name: 'raw_schema' }).set(
        era === '2026' ? { 'Mcp-Param-Region': 'eu' } : {},
      );
      expect(response.status).toBe(200);
      expect(response.body.result.structuredContent).toEqual({ received: args });
    });

    it.each([
      ['fixture://logo', 'image/png', PIXEL_PNG_BASE64],
      ['fixture://bytes', 'application/octet-stream', BINARY_BYTES.toString('base64')],
    ])('reads %s as a base64 blob in %s', async (uri, mimeType, blob) => {
      const response = await rpc(app, era, 'resources/read', { uri });
      expect(response.status).toBe(200);
      expect(response.body).toEqual(hostResult(era, { contents: [{ uri, mimeType, blob }] }, true));
    });
  });

  it('era 2026: the x-mcp-header of a raw schema is enforced like a DTO one', async () => {
    const missing = await rpc(app, '2026', 'tools/call', { name: 'raw_schema', arguments: { region: 'eu' } }, { name: 'raw_schema' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32020, message: 'Header mismatch: Mcp-Param-Region' } });
  });

  it('stops start-up when a tool declares both inputSchema and input', async () => {
    class SomeDto {
      value!: string;
    }
    @Injectable()
    class Both {
      @McpTool({ name: 'both', description: 'Two schemas', inputSchema: { type: 'object' }, input: SomeDto })
      both(@McpArgs() args: SomeDto) {
        return args;
      }
    }
    await expect(createHostApp(Both)).rejects.toThrow('MCP tool "both" declares both "inputSchema" and "input": choose one');
  });

  it('stops start-up when a raw inputSchema does not describe an object', async () => {
    @Injectable()
    class NotObject {
      @McpTool({ name: 'scalar', description: 'A string schema', inputSchema: { type: 'string' } })
      scalar() {
        return {};
      }
    }
    await expect(createHostApp(NotObject)).rejects.toThrow('MCP tool "scalar": "inputSchema" must be a JSON Schema with "type": "object"');
  });

  it('freezes the listed schema: changing the declared object later changes nothing', async () => {
    const declared: Record<string, unknown> = { type: 'object', properties: { a: { type: 'string' } } };
    @Injectable()
    class Mutable {
      @McpTool({ name: 'mutable', description: 'Schema changed after start-up', inputSchema: declared })
      mutable() {
        return {};
      }
    }
    const host = await createHostApp(Mutable);
    try {
      declared.properties = { b: { type: 'number' } };
      const response = await rpc(host, '2026', 'tools/list');
      expect(response.body.result.tools[0].inputSchema).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    } finally {
      await host.close();
    }
  });
});
