import { addAuditEventKind, createAuditEvents, dropAuditFilterIndexes } from '@kobana/audit';
import { addApprovalSummary, createApprovals, secureApprovalSignIn } from '@kobana/approvals';
import { DatabaseMigrations } from '@kobana/database';
import { createSecrets } from '@kobana/host-kit';
import { createIdempotencyKeys } from '@kobana/idempotency';
import { createOAuthRecords } from '@kobana/oauth';
import { createBillingIdentity } from './0001_create_billing_identity';
import { createCustomers } from './0101_create_customers';
import { createSubscriptions } from './0102_create_subscriptions';
import { createInvoices } from './0103_create_invoices';
import { createNfes } from './0104_create_nfes';
import { addUserPasswords } from './0105_add_user_passwords';
import { addIdentityIndexes } from './0301_add_identity_indexes';

/**
 * Billing's migrations by name, applied in name order; a released name never
 * changes. The library migrations keep the names Billing first ran them
 * under (Kadu's), which existing databases have recorded.
 */
export const BILLING_MIGRATIONS: DatabaseMigrations = {
  '0001_create_billing_identity': createBillingIdentity,
  // The host kit's secrets table: the signing secret is generated once and shared by every replica.
  '0002_create_secrets': createSecrets,
  // The idempotency library's table.
  '0100_create_idempotency_keys': createIdempotencyKeys,
  '0101_create_customers': createCustomers,
  '0102_create_subscriptions': createSubscriptions,
  '0103_create_invoices': createInvoices,
  '0104_create_nfes': createNfes,
  '0105_add_user_passwords': addUserPasswords,
  // The approval library's tables: the approval flow serves both hosts.
  '0300_create_approvals': createApprovals,
  // After 0300, not beside 0105: Kysely refuses a new migration that sorts before one a database already ran.
  '0301_add_identity_indexes': addIdentityIndexes,
  // The approval library's sign-in counters, session password stamps and pruning indexes.
  '0500_secure_approval_sign_in': secureApprovalSignIn,
  // The approvals library's column for the words an approval page shows; named as in Kadu, after every existing name.
  '0501_add_approval_summary': addApprovalSummary,
  // The OAuth library's records: codes, tokens, grants, registered clients of the authorization server.
  '0600_create_oauth': createOAuthRecords,
  // The audit library's events of the MCP endpoint; named as in Kadu.
  '0700_create_audit_events': createAuditEvents,
  '0701_drop_audit_filter_indexes': dropAuditFilterIndexes,
  // The audit events' kind: the MCP endpoint's, or the authorization server's (consents, grants revoked for reuse).
  '0702_add_audit_event_kind': addAuditEventKind,
};
