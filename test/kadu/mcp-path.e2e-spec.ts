/**
 * Kadu's MCP path is matched exactly: `/mcp/`, `/MCP` and `/Mcp/` with a
 * valid body and token answer 404 like any path Kadu does not serve, before
 * Kadu's own body parsers, never their 400 or the endpoint's. The exact
 * path and its Protected Resource Metadata are unchanged. The presigned
 * upload route, which Express also matches in any case, skips the parsers
 * in every such form.
 */
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { callRest, tokensOf } from './files-webhooks.support';

const ping = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' });

describe('Kadu: the MCP path is matched exactly', () => {
  let kadu: KaduTestApp;
  let tokens: { mcp: string; api: string };

  beforeAll(async () => {
    kadu = await startKadu();
    tokens = await tokensOf(kadu, 'exact-path');
  });
  afterAll(() => kadu?.close());

  const post = (path: string) =>
    fetch(`${kadu.baseUrl}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${tokens.mcp}`, 'Content-Type': 'application/json' }, body: ping });

  it.each(['/mcp/', '/MCP', '/Mcp/'])('POST %s with a valid body and token → 404, as an unknown route', async (path) => {
    const unknown = await post('/nowhere');
    const response = await post(path);
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: unknown.status,
      body: { ...((await unknown.json()) as object), message: `Cannot POST ${path}` },
    });
    expect(response.status).toBe(404);
  });

  it('serves the exact path and the Protected Resource Metadata', async () => {
    const response = await post('/mcp');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
    const metadata = await fetch(`${kadu.baseUrl}/.well-known/oauth-protected-resource/mcp`);
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toMatchObject({ resource: `${kadu.baseUrl}/mcp`, bearer_methods_supported: ['header'] });
  });

  it('uploads a JSON file as its exact bytes through any form of the upload path the route matches', async () => {
    const json = Buffer.from(JSON.stringify({ a: 1 }));
    const created = await callRest(kadu, tokens.api, 'POST', '/files', { filename: 'a.json', content_type: 'application/json', size: json.length });
    const url = new URL((created.body as { upload_url: string }).upload_url);
    url.pathname = `${url.pathname.replace('/api/v1/', '/API/V1/')}/`;
    const uploaded = await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: json });
    expect(uploaded.status).toBe(200);
    expect(await uploaded.json()).toMatchObject({ status: 'uploaded', size: json.length });
  });
});
