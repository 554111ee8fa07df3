/**
 * The MCP path is matched exactly: Express matches routes ignoring case and
 * a trailing slash, but the body parsers exempt only the exact path, so
 * `/mcp/` or `/MCP` reached the endpoint with its body already consumed by
 * the host's JSON parser. Every other form is now an unknown route (404 in
 * Nest's shape, as for any path the host does not serve), whatever its
 * method, body or token; the exact path and its metadata are unchanged.
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createFixtureApp, PLATFORMS } from './support/fixture.app';

const AUTH = { Authorization: 'Bearer token-reader', 'Content-Type': 'application/json' };
const ping = { jsonrpc: '2.0', id: 7, method: 'ping' };

describe.each(PLATFORMS)('MCP endpoint: the path is matched exactly (%s)', (platform) => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createFixtureApp({}, '/mcp', platform);
  });
  afterAll(() => app.close());

  it('answers an unknown route with 404 (the shape the other forms must have)', async () => {
    const response = await request(app.getHttpServer()).post('/nowhere').set(AUTH).send(ping);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Cannot POST /nowhere' });
  });

  it.each(['/mcp/', '/MCP', '/Mcp/', '/MCP/', '/mCp'])('POST %s with a valid body and token → 404, never the parser’s 400', async (path) => {
    const response = await request(app.getHttpServer()).post(path).set(AUTH).send(ping);
    expect({ status: response.status, body: response.body }).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: `Cannot POST ${path}` },
    });
  });

  it.each(['get', 'delete'] as const)('%s /MCP/ → 404 too, not the endpoint’s 405', async (method) => {
    const response = await request(app.getHttpServer())[method]('/MCP/');
    expect(response.status).toBe(404);
  });

  it('keeps the query string out of the match: /mcp/?a=1 is 404, /mcp?a=1 is the endpoint', async () => {
    expect((await request(app.getHttpServer()).post('/mcp/?a=1').set(AUTH).send(ping)).body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Cannot POST /mcp/?a=1',
    });
    const exact = await request(app.getHttpServer()).post('/mcp?a=1').set(AUTH).send(ping);
    expect(exact.status).toBe(200);
    expect(exact.body).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
  });

  it('serves the exact path and the Protected Resource Metadata as before', async () => {
    const exact = await request(app.getHttpServer()).post('/mcp').set(AUTH).send(ping);
    expect(exact.body).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
    const metadata = await request(app.getHttpServer()).get('/.well-known/oauth-protected-resource/mcp');
    expect(metadata.status).toBe(200);
    expect(metadata.body).toMatchObject({ resource: 'http://mcp.test/mcp', bearer_methods_supported: ['header'] });
  });
});
