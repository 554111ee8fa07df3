/**
 * `@kobana/audit`: the audit trail of the MCP endpoint for any host: the
 * database sink of `McpModule`'s audit events, their listing (REST and tool
 * share one service and one DTO), the pruner, and the `/audit` page.
 */
export { AuditTrailModule } from './audit-trail.module';
export type { AuditHostOptions } from './audit-trail.module';
export { AUDIT_DATABASE } from './audit-host.table';
export type { AuditDatabase, AuditOrganizationsTable, AuditUsersTable } from './audit-host.table';
export type { AuditTrailSettings } from './audit-trail.options';
export { DEFAULT_AUDIT_TRAIL_SETTINGS } from './audit-trail.options';
export type { AuditEventsTable } from './audit.table';
export { createAuditEvents } from './audit-events.migration';
export { dropAuditFilterIndexes } from './audit-events-filter-indexes.migration';
export { addAuditEventKind } from './audit-event-kind.migration';
export { addAuditEventTrace } from './audit-event-trace.migration';
export { dropAuditTimeIndex } from './audit-events-time-index.migration';
export { coverAuditFilters } from './audit-events-covering-index.migration';
export { indexAuditFilterValues } from './audit-events-value-indexes.migration';
export { AUDIT_EVENT_KINDS, AUDIT_OAUTH_ACTIONS } from './audit-oauth.constants';
export type { AuditEventKind, AuditOAuthAction, AuditOAuthRecord } from './audit-oauth.constants';
export { DatabaseAuditSink } from './database-audit-sink.store';
export { AuditEventsService } from './audit-events.service';
export { AuditEventsPruner } from './audit-events-pruner.worker';
export { ListAuditEventsDto, AUDIT_DEFAULT_LIMIT, AUDIT_MAX_LIMIT } from './dto/list-audit-events.dto';
export { AuditEventView, AuditEventsPage, AuditClientInfoView, AuditEventsPageMetaView } from './audit-event.view';
export { AuditMessages } from './audit.messages';
