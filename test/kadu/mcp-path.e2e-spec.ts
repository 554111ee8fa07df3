/**
 * Kadu's MCP path is matched exactly (the cases in
 * test/support/mcp-path.cases.ts), before Kadu's own body parsers. The
 * presigned upload route, which Express also matches in any case, skips the
 * parsers in every such form.
 */
import { describeMcpPath } from '../support/mcp-path.cases';
import { startKadu } from '../support/kadu-app';
import { callRest, tokensOf } from './files-webhooks.support';

describeMcpPath(
  'Kadu',
  async () => {
    const kadu = await startKadu();
    const tokens = await tokensOf(kadu, 'exact-path');
    return { kadu, apiToken: tokens.api, baseUrl: kadu.baseUrl, publicUrl: kadu.baseUrl, mcpToken: tokens.mcp, close: () => kadu.close() };
  },
  (host) => {
    it('uploads a JSON file as its exact bytes through any form of the upload path the route matches', async () => {
      const { kadu, apiToken } = host();
      const json = Buffer.from(JSON.stringify({ a: 1 }));
      const created = await callRest(kadu, apiToken, 'POST', '/files', { filename: 'a.json', content_type: 'application/json', size: json.length });
      const url = new URL((created.body as { upload_url: string }).upload_url);
      url.pathname = `${url.pathname.replace('/api/v1/', '/API/V1/')}/`;
      const uploaded = await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: json });
      expect(uploaded.status).toBe(200);
      expect(await uploaded.json()).toMatchObject({ status: 'uploaded', size: json.length });
    });
  },
);
