/**
 * What Dynamic Client Registration answers on both hosts (docs/security-model.md,
 * "No client secret for public clients"): every client of this server is
 * public (`token_endpoint_auth_method: none`), so no `client_secret` is
 * issued, whatever else the client asks for.
 */
import { startBilling } from '../billing/billing-app';
import { startKadu } from '../support/kadu-app';
import { OAuthHost, register } from './oauth-client.support';

type Json = Record<string, any>;

const MANY_REGISTRATIONS = { OAUTH_REGISTRATIONS_PER_MINUTE: '1000' };

const HOSTS: Array<{ name: string; start(): Promise<{ host: OAuthHost; close(): Promise<void> }> }> = [
  {
    name: 'Kadu',
    async start() {
      const kadu = await startKadu({ env: MANY_REGISTRATIONS });
      return { host: { baseUrl: kadu.baseUrl, issuer: kadu.baseUrl, resource: kadu.mcpUrl, mcpUrl: kadu.mcpUrl }, close: () => kadu.close() };
    },
  },
  {
    name: 'Billing',
    async start() {
      const billing = await startBilling(MANY_REGISTRATIONS);
      const issuer = 'http://billing.test';
      return { host: { baseUrl: billing.baseUrl, issuer, resource: `${issuer}/mcp`, mcpUrl: billing.mcpUrl }, close: () => billing.close() };
    },
  },
];

describe.each(HOSTS)('$name: Dynamic Client Registration answers', (hostCase) => {
  let started: Awaited<ReturnType<(typeof HOSTS)[number]['start']>>;

  beforeAll(async () => {
    started = await hostCase.start();
  });
  afterAll(() => started?.close());

  it.each<[string, unknown]>([
    ['a string', 'http://127.0.0.1/cb'],
    ['a list of numbers', [42]],
    ['an object', { uri: 'http://127.0.0.1/cb' }],
  ])('redirect_uris as %s: a 400 naming the field, never a 5xx', async (_label, redirectUris) => {
    const res = await register(started.host, { redirect_uris: redirectUris });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error_description).toContain('redirect_uris');
  });

  it.each<[string, Record<string, unknown>]>([
    ['as an MCP SDK registers', { token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] }],
    ['without token_endpoint_auth_method', { token_endpoint_auth_method: undefined }],
    ['asking for HMAC-signed ID tokens', { id_token_signed_response_alg: 'HS256' }],
  ])('%s: a public client, and no client_secret', async (_label, metadata) => {
    const res = await register(started.host, metadata);
    const body = (await res.json()) as Json;
    if (res.status === 201) {
      expect(body.token_endpoint_auth_method).toBe('none');
      expect(body).not.toHaveProperty('client_secret');
      expect(body).not.toHaveProperty('client_secret_expires_at');
      expect(typeof body.registration_access_token).toBe('string');
    } else {
      expect(res.status).toBe(400);
      expect(body.error).toBe('invalid_client_metadata');
    }
  });
});
