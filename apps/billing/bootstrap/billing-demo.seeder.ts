import { generatePassword, IdentityService } from '@kobana/identity';

/** Slug of the organization `main.ts` seeds for a first look. */
export const BILLING_DEMO_ORGANIZATION = 'demo';
/** Lifetime of each demo token; a new pair is minted on every start, earlier ones keep working until then. */
export const BILLING_DEMO_TOKEN_DAYS = 30;

/** What the demo seeding minted, for the banner. */
export interface BillingDemoSeed {
  organizationSlug: string;
  /** MCP token of the demo owner. */
  mcpToken: string;
  /** API token of the same owner, to fetch the PDF/XML paths the tools answer. */
  apiToken: string;
  expiresAt: string | null;
  /** The owner's e-mail, to sign in on the approval pages. */
  ownerEmail: string;
  /** The owner's password when this start set it; `null` when set before (only its hash is kept). */
  ownerPassword: string | null;
}

/** Ensures the demo organization and owner (with a password, set once) and mints an MCP and an API token. */
export async function seedBillingDemo(identity: IdentityService): Promise<BillingDemoSeed> {
  const common = {
    organization: BILLING_DEMO_ORGANIZATION,
    role: 'owner' as const,
    clientId: 'billing-demo',
    clientName: 'Kobana Billing demo',
    expiresInDays: BILLING_DEMO_TOKEN_DAYS,
  };
  const mcp = await identity.createToken({ ...common, audience: 'mcp' });
  const api = await identity.createToken({ ...common, audience: 'api' });
  const owner = await identity.ensureUser(await identity.ensureOrganization(BILLING_DEMO_ORGANIZATION), 'owner');
  const password = generatePassword();
  // Only when unset: resetting on every start would break the sign-ins of other replicas and earlier starts.
  const ownerPassword = (await identity.setPassword(owner.id, password, { onlyIfUnset: true })) ? password : null;
  return {
    organizationSlug: BILLING_DEMO_ORGANIZATION,
    mcpToken: mcp.token,
    apiToken: api.token,
    expiresAt: mcp.record.expires_at,
    ownerEmail: owner.email,
    ownerPassword,
  };
}
