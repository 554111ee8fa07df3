import { generatePassword, IdentityService } from '@kobana/identity';
import type { HostDemoSeed, HostDemoSeedOptions } from '@kobana/platform';
import { DEMO_ORGANIZATION_SLUG, DEMO_OWNER_EMAIL, DEMO_TOKEN_CLIENT, DEMO_TOKEN_DAYS } from './demo.constants';

/** What the demo seeding did, for the start-up banner. */
export interface DemoSeed extends HostDemoSeed {
  /** A freshly minted MCP token of the owner; `null` without credentials. */
  token: string | null;
  tokenExpiresAt: string | null;
}

/**
 * Ensures the demo organization and its owner and, with `credentials`, mints
 * an MCP token and revokes the demo tokens of earlier starts, so at most one
 * demo token works at any time (without credentials, none does).
 *
 * The owner's password is generated once, when the owner is created, and
 * only then printed: resetting it on every start would break sign-ins
 * whenever another replica (or a restart) ran, and a newcomer who lost it
 * gets a new one with `npm run cli -- password reset --email …`.
 * The token, stored hashed like every token, can only be shown by minting it.
 */
export async function seedDemo(identity: IdentityService, options: HostDemoSeedOptions = { credentials: true }): Promise<DemoSeed> {
  const organization = await identity.ensureOrganization(DEMO_ORGANIZATION_SLUG, { name: 'Demo' });
  let ownerPassword: string | null = null;
  if (!(await identity.findUserByEmail(DEMO_OWNER_EMAIL))) {
    const password = options.credentials ? generatePassword() : undefined;
    // null when another replica created the owner first: its password is the one that counts.
    if ((await identity.createUser(organization, 'owner', { email: DEMO_OWNER_EMAIL, password })) && password) ownerPassword = password;
  }
  const seed = { organizationSlug: organization.slug, ownerEmail: DEMO_OWNER_EMAIL };
  if (!options.credentials) {
    await identity.revokeClientTokens(organization, DEMO_TOKEN_CLIENT.id);
    return { ...seed, ownerPassword: null, token: null, tokenExpiresAt: null };
  }
  const { token, record } = await identity.createToken({
    organization,
    role: 'owner',
    email: DEMO_OWNER_EMAIL,
    audience: 'mcp',
    clientId: DEMO_TOKEN_CLIENT.id,
    clientName: DEMO_TOKEN_CLIENT.name,
    expiresInDays: DEMO_TOKEN_DAYS,
  });
  // After minting, so a client is never left without a working demo token between the two statements.
  await identity.revokeClientTokens(organization, DEMO_TOKEN_CLIENT.id, { keep: [record.id] });
  return { ...seed, ownerPassword, token, tokenExpiresAt: record.expires_at };
}
