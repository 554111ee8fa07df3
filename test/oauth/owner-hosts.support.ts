/**
 * Both hosts as the authorization-server specs start them: an owner of
 * `org-a` with a password to sign in with, and registrations unthrottled
 * (each spec registers many clients from one address).
 */
import { startBilling } from '../billing/billing-app';
import { startKadu } from '../support/kadu-app';
import { OAuthHost } from './oauth-client.support';

export const PASSWORD = 'correct horse battery staple';
export const OWNER = 'owner@org-a.test';
const MANY_REGISTRATIONS = { OAUTH_REGISTRATIONS_PER_MINUTE: '1000' };

/** A started host: where its authorization server and MCP endpoint answer. */
export interface StartedOAuthHost {
  host: OAuthHost;
  close(): Promise<void>;
}

/** Kadu, and Billing with its issuer on a name that does not resolve (requests go to where it listens). */
export const OAUTH_OWNER_HOSTS: Array<{ name: string; start(): Promise<StartedOAuthHost> }> = [
  {
    name: 'Kadu',
    async start() {
      const kadu = await startKadu({ env: MANY_REGISTRATIONS });
      await kadu.token('org-a', 'owner', { email: OWNER });
      await kadu.identity.setPassword((await kadu.identity.findUserByEmail(OWNER))!.id, PASSWORD);
      return { host: { baseUrl: kadu.baseUrl, issuer: kadu.baseUrl, resource: kadu.mcpUrl, mcpUrl: kadu.mcpUrl }, close: () => kadu.close() };
    },
  },
  {
    name: 'Billing',
    async start() {
      const billing = await startBilling(MANY_REGISTRATIONS);
      await billing.token('org-a', 'owner', { email: OWNER });
      await billing.identity.setPassword((await billing.identity.findUserByEmail(OWNER))!.id, PASSWORD);
      const issuer = 'http://billing.test';
      return { host: { baseUrl: billing.baseUrl, issuer, resource: `${issuer}/mcp`, mcpUrl: billing.mcpUrl }, close: () => billing.close() };
    },
  },
];
