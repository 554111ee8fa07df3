import { addApprovalSummary, createApprovals, secureApprovalSignIn } from '@kobana/approvals';
import {
  addAuditEventKind,
  addAuditEventTrace,
  coverAuditFilters,
  createAuditEvents,
  dropAuditFilterIndexes,
  dropAuditTimeIndex,
  indexAuditFilterValues,
} from '@kobana/audit';
import type { DatabaseMigrations } from '@kobana/database';
import { createSecrets } from '@kobana/host-kit';
import { createIdempotencyKeys } from '@kobana/idempotency';
import { createIdentityMigration } from '@kobana/identity';
import { createOAuthRecords } from '@kobana/oauth';
import type { HostDescriptor } from '../host-descriptor.interface';
import { HostMessages } from '../host.messages';

/**
 * The migrations of the libraries every host runs, under the names both
 * hosts' databases have recorded (Kadu's, under which Billing first ran
 * them too): a released name never changes. Kysely applies migrations in
 * name order, so each host's own ones interleave by their numbers.
 */
export const PLATFORM_MIGRATIONS: DatabaseMigrations = {
  // The host kit's secrets table: a generated secret is kept once and shared by every replica.
  '0002_create_secrets': createSecrets,
  '0100_create_idempotency_keys': createIdempotencyKeys,
  // The approval flow: approvals, confirmation nonces, sessions.
  '0300_create_approvals': createApprovals,
  // The sign-in counters, session password stamps and pruning indexes.
  '0500_secure_approval_sign_in': secureApprovalSignIn,
  // The column for the words an approval page shows (what the call acts on).
  '0501_add_approval_summary': addApprovalSummary,
  // The authorization server's records: codes, tokens, grants, registered clients.
  '0600_create_oauth': createOAuthRecords,
  // The audit trail of the MCP endpoint (who did what, on whose behalf, who approved it).
  '0700_create_audit_events': createAuditEvents,
  '0701_drop_audit_filter_indexes': dropAuditFilterIndexes,
  // The events' kind: the MCP endpoint's, or the authorization server's (consents, grants revoked for reuse).
  '0702_add_audit_event_kind': addAuditEventKind,
  // The pruner sweeps by organization; the global time index only led PostgreSQL's listing astray. After
  // every host's 08xx, not beside 0702: Kysely refuses a new migration that sorts before one a database already ran.
  '0910_drop_audit_time_index': dropAuditTimeIndex,
  // The OpenTelemetry trace id of a call, so an event leads to its trace. After 0910 for the same reason.
  '0911_add_audit_event_trace': addAuditEventTrace,
  // The organization's index carries the listing's filtered columns, so a filtered page's look reads the index alone.
  '0912_cover_audit_filters': coverAuditFilters,
  // A page filtered by tool, decision or kind seeks its matches through an index of its own.
  '0913_index_audit_filter_values': indexAuditFilterValues,
};

/**
 * The name of identity's tables (`users`, `organizations`, tokens) in the
 * databases that recorded it. A host whose people are identity's lists it
 * itself, as it adds columns to `organizations` (Kadu's plan) or ran it
 * under another name (Billing's `0001_create_billing_identity`).
 */
export const IDENTITY_MIGRATION_NAME = '0001_create_identity';

/**
 * Every migration of `host`, the libraries' and its own, in name order. A
 * host with people of its own gets identity's tables, where the platform
 * keeps its records of them, under {@link IDENTITY_MIGRATION_NAME} unless it
 * lists a migration of that name (identity's with columns of its own).
 *
 * @throws Error when the host reuses a library's name.
 */
export function hostMigrations(host: Pick<HostDescriptor, 'migrations' | 'people'>): DatabaseMigrations {
  const own = host.migrations ?? {};
  const twice = Object.keys(own).find((name) => name in PLATFORM_MIGRATIONS);
  if (twice !== undefined) throw new Error(HostMessages.migrationTwice(twice));
  const records: DatabaseMigrations = host.people && !(IDENTITY_MIGRATION_NAME in own) ? { [IDENTITY_MIGRATION_NAME]: createIdentityMigration() } : {};
  // In name order, the order Kysely applies and records them in.
  const all: DatabaseMigrations = { ...PLATFORM_MIGRATIONS, ...records, ...own };
  return Object.fromEntries(
    Object.keys(all)
      .sort()
      .map((name) => [name, all[name]]),
  );
}
