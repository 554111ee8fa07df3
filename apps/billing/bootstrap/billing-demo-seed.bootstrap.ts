import { generatePassword, IdentityService } from '@kobana/identity';
import type { HostDemoSeed, HostDemoSeedOptions } from '@kobana/platform';

/** Slug of the organization `main.ts` seeds for a first look. */
export const BILLING_DEMO_ORGANIZATION = 'demo';
/** Lifetime of each demo token; a new pair is minted on every start and the earlier ones are revoked. */
export const BILLING_DEMO_TOKEN_DAYS = 30;
/** The demo tokens' OAuth client, by which the tokens of earlier starts are found and revoked. */
export const BILLING_DEMO_CLIENT = { id: 'billing-demo', name: 'Kobana Billing demo' } as const;

/** What the demo seeding minted, for the banner. */
export interface BillingDemoSeed extends HostDemoSeed {
  /** MCP token of the demo owner; `null` without credentials. */
  mcpToken: string | null;
  /** API token of the same owner, to fetch the PDF/XML paths the tools answer; `null` without credentials. */
  apiToken: string | null;
  expiresAt: string | null;
}

/**
 * Ensures the demo organization and owner and, with `credentials`, sets the
 * owner's password once and mints an MCP and an API token, revoking the demo
 * tokens of earlier starts (without credentials, every demo token).
 */
export async function seedBillingDemo(identity: IdentityService, options: HostDemoSeedOptions = { credentials: true }): Promise<BillingDemoSeed> {
  const organization = await identity.ensureOrganization(BILLING_DEMO_ORGANIZATION);
  const owner = await identity.ensureUser(organization, 'owner');
  const seed = { organizationSlug: BILLING_DEMO_ORGANIZATION, ownerEmail: owner.email };
  if (!options.credentials) {
    await identity.revokeClientTokens(organization, BILLING_DEMO_CLIENT.id);
    return { ...seed, mcpToken: null, apiToken: null, expiresAt: null, ownerPassword: null };
  }
  const common = {
    organization,
    role: 'owner' as const,
    clientId: BILLING_DEMO_CLIENT.id,
    clientName: BILLING_DEMO_CLIENT.name,
    expiresInDays: BILLING_DEMO_TOKEN_DAYS,
  };
  const mcp = await identity.createToken({ ...common, audience: 'mcp' });
  const api = await identity.createToken({ ...common, audience: 'api' });
  // After minting, so a client is never left without a working demo token between the two statements.
  await identity.revokeClientTokens(organization, BILLING_DEMO_CLIENT.id, { keep: [mcp.record.id, api.record.id] });
  const password = generatePassword();
  // Only when unset: resetting on every start would break the sign-ins of other replicas and earlier starts.
  const ownerPassword = (await identity.setPassword(owner.id, password, { onlyIfUnset: true })) ? password : null;
  return { ...seed, mcpToken: mcp.token, apiToken: api.token, expiresAt: mcp.record.expires_at, ownerPassword };
}
