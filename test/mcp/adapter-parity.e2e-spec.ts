/**
 * The MCP endpoint answers the same on `@nestjs/platform-express` and on
 * `@nestjs/platform-fastify`: one fixture host on each, the same requests
 * sent to both over real sockets, and their raw answers compared byte for
 * byte: the status, every header but the two each server stamps on its own
 * (`Date`, Express's `X-Powered-By`), and the body. The transport is the only
 * code that differs (libs/mcp/src/transport/); this list walks every step of
 * docs/protocol.md §1 that answers, and the results that follow them.
 */
import { INestApplication } from '@nestjs/common';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { body2026, createFixtureApp, headers2026, Platform, PLATFORMS } from './support/fixture.app';
import { FixtureTools } from './support/fixture.tools';

interface Sent {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  /** One body, or chunks written one after the other without Content-Length. */
  body?: string | Buffer | Buffer[];
}

interface Answer {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

/**
 * Headers each server stamps on its own, whatever the route: the time, Express's
 * `X-Powered-By`, the idle time each server keeps a connection (Node's 5 s,
 * Fastify's 72 s), and the weak `ETag` Express's `res.send` adds to the answers
 * Nest writes through it (its 404, the metadata route), never to the endpoint's.
 */
const STAMPED = new Set(['date', 'x-powered-by', 'keep-alive', 'etag']);

/**
 * Sends one request on its own kept-alive connection and reads the whole
 * answer. Kept alive as clients keep them: a server that answers before reading
 * the body (the 401) and then closed the connection would reset it under the
 * bytes still coming, and the answer could be lost on either adapter alike.
 */
function send(port: number, sent: Sent): Promise<Answer> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise<Answer>((resolve, reject) => {
    const chunked = Array.isArray(sent.body);
    const request = http.request(
      { host: '127.0.0.1', port, method: sent.method ?? 'POST', path: sent.path ?? '/mcp', headers: sent.headers ?? {}, agent },
      (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => {
          const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !STAMPED.has(name))) as Answer['headers'];
          resolve({ status: response.statusCode!, headers, body: Buffer.concat(parts).toString('latin1') });
        });
      },
    );
    // A refusal may come before every chunk is written: that is what the drain is for.
    request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    if (!chunked) return void request.end(sent.body as string | Buffer | undefined);
    const chunks = sent.body as Buffer[];
    let index = 0;
    const writeNext = () => {
      if (request.destroyed) return;
      if (index >= chunks.length) return void request.end();
      request.write(chunks[index++], () => setImmediate(writeNext));
    };
    writeNext();
  }).finally(() => agent.destroy());
}

const JSON_TYPE = { 'Content-Type': 'application/json' };
const READER = { Authorization: 'Bearer token-reader', ...JSON_TYPE };
const ping = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' });
const megabyteOfPing = (() => {
  const filler = 'x'.repeat(1_048_576 - JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping', params: { pad: '' } }).length);
  return JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping', params: { pad: filler } });
})();
const call2026 = (name: string, args: Record<string, unknown>, token = 'token-reader') => ({
  headers: headers2026('tools/call', name, token),
  body: JSON.stringify(body2026('tools/call', { name, arguments: args })),
});

/** The requests both adapters must answer alike: name, the status the step answers, the request. */
const CASES: [string, number, Sent][] = [
  ['ping, era 2025', 200, { headers: READER, body: ping }],
  [
    'initialize, era 2025',
    200,
    {
      headers: READER,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'parity', version: '1' } },
      }),
    },
  ],
  ['tools/list, era 2025', 200, { headers: READER, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) }],
  ['tools/list, era 2026', 200, { headers: headers2026('tools/list'), body: JSON.stringify(body2026('tools/list', {}, 3)) }],
  ['tools/call echo, era 2026', 200, call2026('echo', { text: 'hi', times: 2 })],
  [
    'tools/call echo, era 2025',
    200,
    { headers: READER, body: JSON.stringify({ jsonrpc: '2.0', id: 'e', method: 'tools/call', params: { name: 'echo', arguments: { text: 'hé' } } }) },
  ],
  ['tools/call with invalid arguments', 200, call2026('echo', { text: '' })],
  ['tools/call of an unknown tool', 400, call2026('nope', {})],
  ['tools/call without the scope', 403, call2026('write_note', { text: 'x' })],
  ['resources/list, era 2026', 200, { headers: headers2026('resources/list'), body: JSON.stringify(body2026('resources/list')) }],
  ['prompts/list, era 2026', 200, { headers: headers2026('prompts/list'), body: JSON.stringify(body2026('prompts/list')) }],
  ['notification → 202', 202, { headers: READER, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) }],
  ['GET → 405', 405, { method: 'GET' }],
  ['DELETE → 405', 405, { method: 'DELETE', headers: READER }],
  ['PUT with a body → 405', 405, { method: 'PUT', headers: READER, body: ping }],
  ['PATCH with an unknown media type → 405', 405, { method: 'PATCH', headers: { 'Content-Type': 'text/html' }, body: '<p>' }],
  ['OPTIONS → 405', 405, { method: 'OPTIONS' }],
  ['HEAD → 405 without a body', 405, { method: 'HEAD' }],
  ['foreign Origin → 403', 403, { headers: { ...READER, Origin: 'https://evil.example' }, body: ping }],
  ['loopback Origin → 200', 200, { headers: { ...READER, Origin: 'http://127.0.0.1:9' }, body: ping }],
  [
    'declared Content-Length over the limit → 413 before authentication',
    413,
    { headers: { ...JSON_TYPE, 'Content-Length': '1048577' }, body: Buffer.from('{') },
  ],
  ['no token → 401 with the challenge', 401, { headers: JSON_TYPE, body: ping }],
  ['a bad token → 401 invalid_token', 401, { headers: { ...JSON_TYPE, Authorization: 'Bearer nope' }, body: ping }],
  ['a token in the query → 401', 401, { path: '/mcp?access_token=token-reader', headers: JSON_TYPE, body: ping }],
  ['an anonymous chunked megabyte → 401, not 413', 401, { headers: JSON_TYPE, body: [Buffer.alloc(600_000, 32), Buffer.alloc(600_000, 32)] }],
  ['a chunked body past the limit → 413', 413, { headers: READER, body: Array.from({ length: 20 }, () => Buffer.alloc(64 * 1024, 32)) }],
  ['exactly 1 MiB → 200', 200, { headers: READER, body: megabyteOfPing }],
  ['text/plain → 415', 415, { headers: { ...READER, 'Content-Type': 'text/plain' }, body: ping }],
  ['a malformed media type → 415 after authentication', 415, { headers: { ...READER, 'Content-Type': 'json' }, body: ping }],
  ['a malformed media type without a token → 401', 401, { headers: { 'Content-Type': 'json' }, body: ping }],
  ['no Content-Type → 415', 415, { headers: { Authorization: 'Bearer token-reader' }, body: ping }],
  ['truncated JSON → 400 -32700', 400, { headers: READER, body: '{"jsonrpc":"2.0",' }],
  ['an empty body → 400 -32700', 400, { headers: READER, body: '' }],
  ['bytes that are not UTF-8 → 400 -32700', 400, { headers: READER, body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) }],
  ['a prototype key → 400', 400, { headers: READER, body: '{"jsonrpc":"2.0","id":1,"method":"ping","__proto__":{"polluted":true}}' }],
  ['a batch → 400', 400, { headers: READER, body: `[${ping},${ping}]` }],
  ['an invalid request echoing its id → 400', 400, { headers: READER, body: JSON.stringify({ jsonrpc: '1.0', id: 3, method: 'ping' }) }],
  ['too deep → 400', 400, { headers: READER, body: `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":${'['.repeat(200)}${']'.repeat(200)}}}` }],
  ['an unknown method → -32601', 200, { headers: READER, body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'nope/nope' }) }],
  ['era 2026 with a mismatched Mcp-Method → 400', 400, { headers: headers2026('tools/call', 'echo'), body: JSON.stringify(body2026('tools/list')) }],
  ['era 2026 header without the envelope → 400', 400, { headers: { ...READER, 'MCP-Protocol-Version': '2026-07-28' }, body: ping }],
  ['an unsupported version → 400', 400, { headers: { ...READER, 'MCP-Protocol-Version': '1999-01-01' }, body: ping }],
  ['POST /mcp/ → 404', 404, { path: '/mcp/', headers: READER, body: ping }],
  ['POST /MCP with a broken body → 404, never a parser’s 400', 404, { path: '/MCP', headers: READER, body: '{' }],
  ['GET /Mcp/ → 404', 404, { method: 'GET', path: '/Mcp/' }],
  ['POST /mcp/?a=1 → 404', 404, { path: '/mcp/?a=1', headers: READER, body: ping }],
  ['POST /mcp?a=1 → 200', 200, { path: '/mcp?a=1', headers: READER, body: ping }],
  ['an unknown route → 404', 404, { path: '/nowhere', headers: READER, body: ping }],
  ['the Protected Resource Metadata', 200, { method: 'GET', path: '/.well-known/oauth-protected-resource/mcp' }],
];

describe('McpModule answers byte for byte the same on Express and on Fastify', () => {
  const apps = new Map<Platform, INestApplication>();
  const ports = new Map<Platform, number>();

  beforeAll(async () => {
    for (const platform of PLATFORMS) {
      const app = await createFixtureApp({}, '/mcp', platform);
      await app.listen(0, '127.0.0.1');
      apps.set(platform, app);
      ports.set(platform, (app.getHttpServer().address() as AddressInfo).port);
    }
  });
  afterAll(async () => {
    for (const app of apps.values()) await app.close();
  });

  it.each(CASES)('%s', async (_, status, sent) => {
    const express = await send(ports.get('express')!, sent);
    const fastify = await send(ports.get('fastify')!, sent);
    // The step each case is for answered (the status the other specs pin down), then the two are the same bytes.
    expect(express.status).toBe(status);
    expect(fastify).toEqual(express);
  });

  it('runs the tool once per call on each adapter, as on the other', async () => {
    const counts: number[] = [];
    for (const platform of PLATFORMS) {
      const tools = apps.get(platform)!.get(FixtureTools);
      const before = tools.calls;
      const answer = await send(ports.get(platform)!, call2026('echo', { text: 'count' }));
      expect(answer.status).toBe(200);
      counts.push(tools.calls - before);
    }
    expect(counts).toEqual([1, 1]);
  });
});
