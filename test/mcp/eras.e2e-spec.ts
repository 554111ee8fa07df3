import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { body2026, createFixtureApp, ENVELOPE, headers2026, PLATFORMS } from './support/fixture.app';

const SUPPORTED = ['2026-07-28', '2025-06-18', '2025-03-26'];
const SERVER_INFO = { name: 'fixture', title: 'Fixture', version: '0.0.1' };
const AUTH = { Authorization: 'Bearer token-reader', 'Content-Type': 'application/json' };
const b64 = (value: string) => `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;

describe.each(PLATFORMS)('MCP endpoint: eras, headers and versions (docs/protocol.md §3) (%s)', (platform) => {
  let app: INestApplication;
  beforeAll(async () => (app = await createFixtureApp({}, '/mcp', platform)));
  afterAll(() => app.close());
  const post = () => request(app.getHttpServer()).post('/mcp');

  describe('era 2026-07-28', () => {
    it('server/discover answers versions, capabilities, instructions, ttl and serverInfo', async () => {
      const response = await post().set(headers2026('server/discover')).send(body2026('server/discover'));
      expect(response.status).toBe(200);
      expect(response.headers['mcp-protocol-version']).toBe('2026-07-28');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: {
          resultType: 'complete',
          supportedVersions: SUPPORTED,
          capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} },
          instructions: 'Fixture instructions',
          ttlMs: 0,
          cacheScope: 'private',
          _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
        },
      });
    });

    it('tools/list carries resultType, ttl, cacheScope and serverInfo', async () => {
      const response = await post().set(headers2026('tools/list')).send(body2026('tools/list'));
      expect(response.status).toBe(200);
      expect(response.body.result).toMatchObject({
        resultType: 'complete',
        ttlMs: 0,
        cacheScope: 'private',
        _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
      });
    });

    it('tools/call carries resultType and serverInfo but no ttl', async () => {
      const response = await post()
        .set(headers2026('tools/call', 'echo'))
        .send(body2026('tools/call', { name: 'echo', arguments: { text: 'a' } }));
      expect(response.status).toBe(200);
      expect(response.body.result.resultType).toBe('complete');
      expect(response.body.result._meta).toEqual({ 'io.modelcontextprotocol/serverInfo': SERVER_INFO });
      expect(response.body.result.ttlMs).toBeUndefined();
      expect(response.body.result.structuredContent.era).toBe('2026');
    });

    describe('10.1 headers must agree with the body (-32020)', () => {
      const call = body2026('tools/call', { name: 'echo', arguments: { text: 'a' } }, 9);
      it.each([
        ['MCP-Protocol-Version missing', { 'MCP-Protocol-Version': undefined }, 'MCP-Protocol-Version'],
        ['MCP-Protocol-Version different', { 'MCP-Protocol-Version': '2025-06-18' }, 'MCP-Protocol-Version'],
        ['Mcp-Method missing', { 'Mcp-Method': undefined }, 'Mcp-Method'],
        ['Mcp-Method in another case', { 'Mcp-Method': 'Tools/Call' }, 'Mcp-Method'],
        ['Mcp-Name missing on tools/call', { 'Mcp-Name': undefined }, 'Mcp-Name'],
        ['Mcp-Name different', { 'Mcp-Name': 'other' }, 'Mcp-Name'],
        ['Mcp-Name base64 of another name', { 'Mcp-Name': b64('other') }, 'Mcp-Name'],
        ['Mcp-Name malformed base64', { 'Mcp-Name': '=?base64?###?=' }, 'Mcp-Name'],
      ])('%s → 400 -32020', async (_, change, header) => {
        const headers: Record<string, string | undefined> = { ...headers2026('tools/call', 'echo'), ...change };
        const req = post();
        for (const [key, value] of Object.entries(headers)) if (value !== undefined) req.set(key, value);
        const response = await req.send(call);
        expect(response.status).toBe(400);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.body).toEqual({ jsonrpc: '2.0', id: 9, error: { code: -32020, message: `Header mismatch: ${header}` } });
      });

      it('accepts Mcp-Name raw with surrounding spaces, or in base64', async () => {
        for (const name of ['  echo  ', b64('echo')]) {
          const response = await post()
            .set({ ...headers2026('tools/call'), 'Mcp-Name': name })
            .send(call);
          expect(response.status).toBe(200);
        }
      });

      it('checks Mcp-Name on resources/read and prompts/get only when sent', async () => {
        const read = body2026('resources/read', { uri: 'test://x' });
        const mismatch = await post().set(headers2026('resources/read', 'test://y')).send(read);
        expect(mismatch.body.error.code).toBe(-32020);
        const absent = await post().set(headers2026('resources/read')).send(read);
        expect(absent.body.error?.code).not.toBe(-32020);
      });

      it('checks Mcp-Param-* headers declared with x-mcp-header', async () => {
        const regionCall = (region: unknown) => body2026('tools/call', { name: 'region_lookup', arguments: region === undefined ? {} : { region } });
        const base = headers2026('tools/call', 'region_lookup');
        const ok = await post()
          .set({ ...base, 'Mcp-Param-Region': 'us-west1' })
          .send(regionCall('us-west1'));
        expect(ok.status).toBe(200);
        expect(ok.body.result.structuredContent).toEqual({ region: 'us-west1' });
        const encoded = await post()
          .set({ ...base, 'Mcp-Param-Region': b64('São Paulo') })
          .send(regionCall('São Paulo'));
        expect(encoded.status).toBe(200);
        const missing = await post().set(base).send(regionCall('us-west1'));
        expect(missing.body.error).toEqual({ code: -32020, message: 'Header mismatch: Mcp-Param-Region' });
        const different = await post()
          .set({ ...base, 'Mcp-Param-Region': 'eu' })
          .send(regionCall('us-west1'));
        expect(different.status).toBe(400);
        expect(different.body.error.code).toBe(-32020);
      });
    });

    it('10.2 an unsupported envelope version → 400 -32022 with supported and requested', async () => {
      const body = { jsonrpc: '2.0', id: 5, method: 'tools/list', params: { _meta: { ...ENVELOPE, 'io.modelcontextprotocol/protocolVersion': '1999-01-01' } } };
      const response = await post()
        .set({ ...headers2026('tools/list'), 'MCP-Protocol-Version': '1999-01-01' })
        .send(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        jsonrpc: '2.0',
        id: 5,
        error: { code: -32022, message: 'Unsupported protocol version', data: { supported: SUPPORTED, requested: '1999-01-01' } },
      });
    });

    it('10.1 comes before 10.2: a header that disagrees with an unsupported envelope is a mismatch', async () => {
      const body = { jsonrpc: '2.0', id: 5, method: 'tools/list', params: { _meta: { ...ENVELOPE, 'io.modelcontextprotocol/protocolVersion': '1999-01-01' } } };
      const response = await post().set(headers2026('tools/list')).send(body);
      expect(response.body.error.code).toBe(-32020);
    });

    it.each([
      ['missing', undefined],
      ['null', null],
      ['an array', []],
      ['a string', 'all'],
    ])('10.3 clientCapabilities %s → 400 -32602', async (_, capabilities) => {
      const meta: Record<string, unknown> = { ...ENVELOPE, 'io.modelcontextprotocol/clientCapabilities': capabilities };
      if (capabilities === undefined) delete meta['io.modelcontextprotocol/clientCapabilities'];
      const response = await post()
        .set(headers2026('tools/list'))
        .send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: meta } });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe(-32602);
      expect(response.body.id).toBe(2);
    });

    it.each(['initialize', 'ping', 'resources/subscribe', 'nope'])('%s is unknown in this era: 404 -32601', async (method) => {
      const response = await post().set(headers2026(method)).send(body2026(method));
      expect(response.status).toBe(404);
      expect(response.headers['mcp-protocol-version']).toBe('2026-07-28');
      expect(response.body).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: `Method not found: ${method}` } });
    });

    it('wrong params are -32602 with HTTP 400', async () => {
      const response = await post()
        .set(headers2026('tools/call', 'echo'))
        .send(body2026('tools/call', { name: 'echo', arguments: 'x' }));
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe(-32602);
    });
  });

  describe('era 2025', () => {
    it.each([
      ['2025-06-18', '2025-06-18'],
      ['2025-03-26', '2025-03-26'],
      ['2025-11-25', '2025-06-18'],
      ['2024-11-05', '2025-06-18'],
      ['2026-07-28', '2025-06-18'],
    ])('initialize asking for %s answers %s', async (asked, answered) => {
      const response = await post()
        .set(AUTH)
        .send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: asked, capabilities: {}, clientInfo: { name: 't', version: '1' } } });
      expect(response.status).toBe(200);
      expect(response.headers['mcp-protocol-version']).toBe(answered);
      expect(response.body).toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: {
          protocolVersion: answered,
          capabilities: {
            tools: { listChanged: false },
            resources: { subscribe: false, listChanged: false },
            prompts: { listChanged: false },
            completions: {},
          },
          serverInfo: SERVER_INFO,
          instructions: 'Fixture instructions',
        },
      });
    });

    it('ping answers {} and echoes the header version', async () => {
      const response = await post()
        .set({ ...AUTH, 'MCP-Protocol-Version': '2025-06-18' })
        .send({ jsonrpc: '2.0', id: 'p', method: 'ping' });
      expect(response.body).toEqual({ jsonrpc: '2.0', id: 'p', result: {} });
      expect(response.headers['mcp-protocol-version']).toBe('2025-06-18');
    });

    it('no header is treated as 2025-03-26', async () => {
      const response = await post().set(AUTH).send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expect(response.status).toBe(200);
      expect(response.headers['mcp-protocol-version']).toBe('2025-03-26');
      expect(response.body.result.resultType).toBeUndefined();
      expect(response.body.result.tools.map((tool: { name: string }) => tool.name)).toContain('echo');
    });

    it('the 2026 header without the envelope → 400 -32602, never a silent fallback', async () => {
      for (const version of ['2026-07-28', '2027-01-01']) {
        const response = await post()
          .set({ ...AUTH, 'MCP-Protocol-Version': version })
          .send({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
        expect(response.status).toBe(400);
        expect(response.body.error.code).toBe(-32602);
        expect(response.body.id).toBe(3);
      }
    });

    it('a header naming a version the server does not speak → 400 -32022', async () => {
      const response = await post()
        .set({ ...AUTH, 'MCP-Protocol-Version': '2024-11-05' })
        .send({ jsonrpc: '2.0', id: 3, method: 'ping' });
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({ code: -32022, message: 'Unsupported protocol version', data: { supported: SUPPORTED, requested: '2024-11-05' } });
    });

    it.each(['server/discover', 'nope'])('%s is unknown in this era: 200 with -32601', async (method) => {
      const response = await post().set(AUTH).send({ jsonrpc: '2.0', id: 1, method });
      expect(response.status).toBe(200);
      expect(response.body.error).toEqual({ code: -32601, message: `Method not found: ${method}` });
    });

    it('wrong params are -32602 with HTTP 200', async () => {
      const response = await post()
        .set(AUTH)
        .send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 42 } });
      expect(response.status).toBe(200);
      expect(response.body.error.code).toBe(-32602);
    });

    it('remembers nothing from initialize: a request without it is served', async () => {
      const response = await post()
        .set(AUTH)
        .send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'x' } } });
      expect(response.body.result.structuredContent.era).toBe('2025');
    });
  });
});
