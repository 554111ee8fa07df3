import { BillingIdentityService } from '../identity/billing-identity.service';

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
}

/** Ensures the demo organization and owner and mints an MCP and an API token. */
export async function seedBillingDemo(identity: BillingIdentityService): Promise<BillingDemoSeed> {
  const common = { organization: BILLING_DEMO_ORGANIZATION, role: 'owner' as const, clientId: 'billing-demo', clientName: 'Kobana Billing demo', expiresInDays: BILLING_DEMO_TOKEN_DAYS };
  const mcp = await identity.createToken({ ...common, audience: 'mcp' });
  const api = await identity.createToken({ ...common, audience: 'api' });
  return { organizationSlug: BILLING_DEMO_ORGANIZATION, mcpToken: mcp.token, apiToken: api.token, expiresAt: mcp.expires_at };
}
