/**
 * Absolute URLs come from PUBLIC_URL alone: the OAuth metadata, the
 * protected-resource metadata and the MCP challenge are the same whatever
 * `Host`, `X-Forwarded-Host` and `X-Forwarded-Proto` a request carries,
 * even with `TRUST_PROXY` trusting the sender (Express then believes
 * `X-Forwarded-Host` for `req.hostname`, which nothing uses).
 */
import { BillingTestApp, startBilling } from '../billing/billing-app';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { requestFrom } from './loopback.client';

jest.setTimeout(60_000);

const FORGED = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example:8443', 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.9' };

/** What a client reads of the host's absolute URLs, with `headers` on every request. */
async function absoluteUrls(baseUrl: string, headers: Record<string, string>): Promise<unknown> {
  const json = async (path: string) => {
    const answer = await requestFrom('127.0.0.1', `${baseUrl}${path}`, { headers });
    expect(answer.status).toBe(200);
    return JSON.parse(answer.text) as unknown;
  };
  const challenge = await requestFrom('127.0.0.1', `${baseUrl}/mcp`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  expect(challenge.status).toBe(401);
  return {
    authorizationServer: await json('/.well-known/oauth-authorization-server'),
    openidConfiguration: await json('/.well-known/openid-configuration'),
    protectedResource: await json('/.well-known/oauth-protected-resource/mcp'),
    challenge: challenge.headers['www-authenticate'],
  };
}

describe.each([
  ['Kadu', () => startKadu({ env: { TRUST_PROXY: 'loopback' } })],
  ['Billing', () => startBilling({ TRUST_PROXY: 'loopback' })],
])('%s behind a trusted proxy', (_name, start: () => Promise<KaduTestApp | BillingTestApp>) => {
  let host: KaduTestApp | BillingTestApp;
  beforeAll(async () => {
    host = await start();
  });
  afterAll(() => host?.close());

  it('writes every absolute URL from PUBLIC_URL, whatever Host and X-Forwarded-Host say', async () => {
    const honest = await absoluteUrls(host.baseUrl, {});
    const forged = await absoluteUrls(host.baseUrl, FORGED);
    expect(forged).toEqual(honest);
    expect(JSON.stringify(forged)).not.toContain('evil.example');
    const publicUrl = (honest as { authorizationServer: { issuer: string } }).authorizationServer.issuer;
    expect((honest as { protectedResource: { resource: string } }).protectedResource.resource).toBe(`${publicUrl}/mcp`);
  });
});
