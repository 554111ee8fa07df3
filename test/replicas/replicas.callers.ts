/**
 * A fresh caller per case: its own organization and owner, so each case has
 * its own rate-limit budgets (they are per caller) and its own rows to count.
 */
import { Kysely } from 'kysely';
import type { McpCaller } from '@kobana/mcp';
import { IdentityService } from '@kobana/identity';
import { KaduDatabase } from '../../src/database/kadu-database.interface';
import { hostIdentityOptions } from '@kobana/platform';
import { KADU } from '../../src/kadu.host';

const KADU_IDENTITY_OPTIONS = hostIdentityOptions(KADU);

/** One owner of one organization, with a token per audience and a password for the approval page. */
export interface ReplicaCaller {
  organizationId: string;
  email: string;
  password: string;
  /** MCP token. */
  mcp: string;
  /** REST token. */
  api: string;
  /** What the MCP token stands for, as the replicas resolve it. */
  caller: McpCaller;
}

/** Creates organization `slug` (enterprise plan, so no quota interferes) with owner `owner@<slug>.test`. */
export async function mintCaller(db: Kysely<KaduDatabase>, slug: string): Promise<ReplicaCaller> {
  const identity = new IdentityService(db, KADU_IDENTITY_OPTIONS);
  const organization = await identity.ensureOrganization(slug, { name: slug, plan: 'enterprise' });
  const email = `owner@${slug}.test`;
  const password = `pw-${slug}-0123456789`;
  const mcp = (await identity.createToken({ organization, role: 'owner', email })).token;
  const api = (await identity.createToken({ organization, role: 'owner', email, audience: 'api' })).token;
  const user = await identity.findUserByEmail(email);
  await identity.setPassword(user!.id, password);
  const caller = await identity.verify(mcp, 'mcp');
  return { organizationId: organization.id, email, password, mcp, api, caller: caller! };
}
