import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import * as http from 'http';
import { body2026, createFixtureApp, headers2026, PLATFORMS } from './support/fixture.app';
import { postChunked } from './support/raw-http';
import { FixtureTools } from './support/fixture.tools';

const TOO_LARGE = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Request body too large (limit 1048576 bytes)' } };
const AUTH = { Authorization: 'Bearer token-reader' };
const ping = { jsonrpc: '2.0', id: 7, method: 'ping' };

describe.each(PLATFORMS)('MCP endpoint: the order of checks (docs/protocol.md §1) (%s)', (platform) => {
  let app: INestApplication;
  let server: http.Server;

  beforeAll(async () => {
    app = await createFixtureApp({}, '/mcp', platform);
    await app.listen(0, '127.0.0.1');
    server = app.getHttpServer();
  });
  afterAll(() => app.close());

  const post = () => request(server).post('/mcp');

  function expectCommonHeaders(response: request.Response) {
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['mcp-protocol-version']).toBeDefined();
    expect(response.headers['mcp-session-id']).toBeUndefined();
  }

  describe('1. the HTTP method', () => {
    it.each(['get', 'delete', 'put', 'patch'] as const)('%s answers 405 with Allow: POST, before authentication', async (method) => {
      const response = await request(server)[method]('/mcp');
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe('POST');
      expectCommonHeaders(response);
      expect(response.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('POST') } });
    });
  });

  describe('2. Origin', () => {
    it('refuses a foreign origin with 403 and a JSON-RPC error without id, before authentication', async () => {
      const response = await post().set('Origin', 'https://evil.example').set('Content-Type', 'application/json').send(ping);
      expect(response.status).toBe(403);
      expectCommonHeaders(response);
      expect(response.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('evil.example') } });
    });

    it.each(['http://localhost:6274', 'http://127.0.0.1:9', 'http://[::1]:8080', 'http://mcp.test'])('accepts %s', async (origin) => {
      const response = await post().set(AUTH).set('Origin', origin).set('Content-Type', 'application/json').send(ping);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
    });

    it('refuses a malformed or non-HTTP origin', async () => {
      for (const origin of ['null', 'file:///etc', 'localhost']) {
        const response = await post().set(AUTH).set('Origin', origin).set('Content-Type', 'application/json').send(ping);
        expect(response.status).toBe(403);
      }
    });
  });

  describe('3. declared Content-Length', () => {
    it('answers 413 with the exact body, before authentication', async () => {
      const response = await postChunked(server, '/mcp', { 'Content-Type': 'application/json', 'Content-Length': String(1_048_577) }, [Buffer.from('{')]);
      expect(response.status).toBe(413);
      expect(JSON.parse(response.text)).toEqual(TOO_LARGE);
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('accepts a body of exactly 1 MiB up to the JSON check', async () => {
      const filler = 'x'.repeat(1_048_576 - JSON.stringify({ ...ping, params: { pad: '' } }).length);
      const body = JSON.stringify({ ...ping, params: { pad: filler } });
      expect(Buffer.byteLength(body)).toBe(1_048_576);
      const response = await post().set(AUTH).set('Content-Type', 'application/json').send(body);
      expect(response.status).toBe(200);
      expect(response.body.result).toEqual({});
    });
  });

  describe('4. authentication', () => {
    it('answers 401 with the resource_metadata challenge when no token is sent', async () => {
      const response = await post().set('Content-Type', 'application/json').send(ping);
      expect(response.status).toBe(401);
      expectCommonHeaders(response);
      expect(response.headers['www-authenticate']).toBe('Bearer resource_metadata="http://mcp.test/.well-known/oauth-protected-resource/mcp"');
      expect(response.body).toEqual({ error: 'invalid_token', error_description: expect.any(String) });
    });

    it('adds error="invalid_token" when a bad token is sent', async () => {
      const response = await post().set('Authorization', 'Bearer nope').set('Content-Type', 'application/json').send(ping);
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toBe(
        'Bearer error="invalid_token", resource_metadata="http://mcp.test/.well-known/oauth-protected-resource/mcp"',
      );
    });

    it('refuses a token in the query string even when it is valid', async () => {
      const response = await request(server).post('/mcp?access_token=token-reader').set('Content-Type', 'application/json').send(ping);
      expect(response.status).toBe(401);
    });

    it('authenticates before reading the body: an anonymous chunked megabyte gets 401, not 413', async () => {
      const response = await postChunked(server, '/mcp', { 'Content-Type': 'application/json' }, [Buffer.alloc(600_000, 32), Buffer.alloc(600_000, 32)]);
      expect(response.status).toBe(401);
    });
  });

  describe('5. the bytes that arrive', () => {
    it('answers 413 when a chunked body passes the limit', async () => {
      const chunks = Array.from({ length: 20 }, () => Buffer.alloc(64 * 1024, 32));
      const response = await postChunked(server, '/mcp', { ...AUTH, 'Content-Type': 'application/json' }, chunks);
      expect(response.status).toBe(413);
      expect(JSON.parse(response.text)).toEqual(TOO_LARGE);
    });
  });

  describe('6. Content-Type', () => {
    it('answers 415 with -32600 for anything but application/json', async () => {
      const response = await post().set(AUTH).set('Content-Type', 'text/plain').send(JSON.stringify(ping));
      expect(response.status).toBe(415);
      expectCommonHeaders(response);
      expect(response.body.error.code).toBe(-32600);
    });

    it('accepts application/json with parameters', async () => {
      const response = await post().set(AUTH).set('Content-Type', 'application/json; charset=utf-8').send(JSON.stringify(ping));
      expect(response.status).toBe(200);
    });
  });

  describe('7. JSON', () => {
    it.each([
      ['truncated', '{"jsonrpc":"2.0",'],
      ['not json', 'hello'],
      ['empty', ''],
    ])('%s → 400 -32700 with id null', async (_, body) => {
      const response = await post().set(AUTH).set('Content-Type', 'application/json').send(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    });

    it('refuses bytes that are not UTF-8', async () => {
      const response = await postChunked(server, '/mcp', { ...AUTH, 'Content-Type': 'application/json' }, [Buffer.from([0x7b, 0xff, 0xfe, 0x7d])]);
      expect(response.status).toBe(400);
      expect(JSON.parse(response.text).error.code).toBe(-32700);
    });

    it('refuses prototype-pollution keys', async () => {
      const response = await post()
        .set(AUTH)
        .set('Content-Type', 'application/json')
        .send('{"jsonrpc":"2.0","id":1,"method":"ping","__proto__":{"polluted":true}}');
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe(-32700);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  describe('8. batches', () => {
    it('answers 400 -32600 "Batching is not supported"', async () => {
      const response = await post().set(AUTH).set('Content-Type', 'application/json').send([ping, ping]);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Batching is not supported' } });
    });
  });

  describe('9. JSON-RPC validity', () => {
    it.each([
      ['wrong jsonrpc', { jsonrpc: '1.0', id: 3, method: 'ping' }, 3],
      ['no jsonrpc', { id: 3, method: 'ping' }, 3],
      ['null id', { jsonrpc: '2.0', id: null, method: 'ping' }, null],
      ['object id', { jsonrpc: '2.0', id: {}, method: 'ping' }, null],
      ['numeric method', { jsonrpc: '2.0', id: 'a', method: 5 }, 'a'],
      ['array params', { jsonrpc: '2.0', id: 4, method: 'ping', params: [] }, 4],
      ['a response', { jsonrpc: '2.0', id: 4, result: {} }, 4],
      ['a scalar', 42, null],
    ])('%s → 400 -32600, echoing the id when readable', async (_, body, id) => {
      const response = await post().set(AUTH).set('Content-Type', 'application/json').send(JSON.stringify(body));
      expect(response.status).toBe(400);
      expectCommonHeaders(response);
      expect(response.body).toEqual({ jsonrpc: '2.0', id, error: { code: -32600, message: expect.stringMatching(/^Invalid Request/) } });
    });
  });

  describe('notifications', () => {
    it('answers 202 with an empty body in era 2025', async () => {
      const response = await post().set(AUTH).set('Content-Type', 'application/json').send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      expect(response.status).toBe(202);
      expect(response.text).toBe('');
      expectCommonHeaders(response);
    });

    it('answers 202 in era 2026 whatever the method, after the header checks', async () => {
      const { id: _, ...notification } = body2026('notifications/anything');
      const ok = await post().set(headers2026('notifications/anything')).send(notification);
      expect(ok.status).toBe(202);
      expect(ok.text).toBe('');
      const mismatch = await post().set(headers2026('notifications/other')).send(notification);
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.error.code).toBe(-32020);
    });
  });

  it('keeps serving after every kind of bad input, and none of it ran a tool', async () => {
    const tools = app.get(FixtureTools);
    const before = tools.calls;
    const response = await post()
      .set(headers2026('tools/call', 'echo'))
      .send(body2026('tools/call', { name: 'echo', arguments: { text: 'hi' } }));
    expect(response.status).toBe(200);
    expect(tools.calls).toBe(before + 1);
  });
});

describe.each(PLATFORMS)('MCP endpoint: Origin without a configured public URL (%s)', (platform) => {
  it('does not take the Host header as the server origin (DNS rebinding)', async () => {
    const app = await createFixtureApp({ publicUrl: undefined }, '/mcp', platform);
    try {
      const response = await request(app.getHttpServer())
        .post('/mcp')
        .set({ Authorization: 'Bearer token-reader', 'Content-Type': 'application/json', Host: 'attacker.example', Origin: 'http://attacker.example' })
        .send({ jsonrpc: '2.0', id: 1, method: 'ping' });
      expect(response.status).toBe(403);
    } finally {
      await app.close();
    }
  });
});
