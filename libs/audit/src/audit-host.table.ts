import type { AuditEventsTable } from './audit.table';

/**
 * Injection token of the host's `Kysely<AuditDatabase>`: the host's own
 * database, migrated with `createAuditEvents`, `addAuditEventKind` and
 * `addAuditEventTrace` (the platform lists them as `0700_create_audit_events`,
 * `0702_add_audit_event_kind` and `0911_add_audit_event_trace`),
 * so each host keeps its events beside the records of its people.
 */
export const AUDIT_DATABASE = Symbol('AuditDatabase');

/** The part of the platform's records of people (`users`) the audit page reads: who did an event, by e-mail. */
export interface AuditUsersTable {
  id: string;
  organization_id: string;
  email: string;
  role: string;
}

/** The platform's records of organizations, as far as the pruner needs them: it sweeps one organization at a time. */
export interface AuditOrganizationsTable {
  id: string;
}

/** The tables the audit trail uses; every host database that serves it has at least these. */
export interface AuditDatabase {
  audit_events: AuditEventsTable;
  users: AuditUsersTable;
  organizations: AuditOrganizationsTable;
}
