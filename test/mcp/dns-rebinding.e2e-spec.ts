import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createFixtureApp, PLATFORMS } from './support/fixture.app';

/**
 * DNS rebinding against a host that sets no `publicUrl` (the case the
 * conformance work first found open): the attacker's page reaches the
 * loopback server under its own name, so Host and Origin are both the
 * attacker's. The Origin check alone must refuse it; without an Origin (not a
 * browser) the bearer token is the lock. Why no Host allowlist: apps/conformance/README.md.
 */
describe.each(PLATFORMS)('McpModule: DNS rebinding without publicUrl (%s)', (platform) => {
  let app: INestApplication;
  beforeAll(async () => (app = await createFixtureApp({ publicUrl: undefined }, '/mcp', platform)));
  afterAll(() => app.close());

  const ping = { jsonrpc: '2.0', id: 7, method: 'ping' };
  const post = () => request(app.getHttpServer()).post('/mcp').set('Content-Type', 'application/json');

  it.each(['http://evil.example.com:3000', 'null'])('refuses Host evil.example.com:3000 with Origin %s: 403 before authentication', async (origin) => {
    const response = await post().set('Host', 'evil.example.com:3000').set('Origin', origin).set('Authorization', 'Bearer token-reader').send(ping);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: `Forbidden: origin ${origin} is not allowed` } });
  });

  it('answers a request without Origin and without a token 401: nothing is served to whoever lacks the token', async () => {
    const response = await post().set('Host', 'evil.example.com:3000').send(ping);
    expect(response.status).toBe(401);
  });

  it('still serves a loopback browser origin', async () => {
    const response = await post().set('Host', '127.0.0.1:3000').set('Origin', 'http://127.0.0.1:3000').set('Authorization', 'Bearer token-reader').send(ping);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
  });
});
