import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MCP_AUDIT_DECISIONS } from '@kobana/mcp';
import type { McpAuditDecision } from '@kobana/mcp';
import { AUDIT_EVENT_KINDS, AUDIT_OAUTH_ACTIONS } from '../audit-oauth.constants';
import type { AuditEventKind, AuditOAuthAction } from '../audit-oauth.constants';

/** Page size when the listing is called without `limit`. */
export const AUDIT_DEFAULT_LIMIT = 25;
/** Largest page the listing answers. */
export const AUDIT_MAX_LIMIT = 100;

/**
 * `GET /api/v1/audit_events` and the hosts' `*_audit_events_list` tools:
 * the filters (each optional, all combined) and the cursor page.
 */
export class ListAuditEventsDto {
  /** Items per page, 1–100. @default 25 */
  @IsOptional()
  // A query string is text; the tool sends a number. Both end up a number.
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(AUDIT_MAX_LIMIT)
  limit?: number;

  /** `meta.next_cursor` of the previous page; omit for the first page. */
  @IsOptional()
  @IsString()
  @MaxLength(512)
  cursor?: string;

  /** Only calls of this tool (its exact name). */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  tool?: string;

  /** Only this OAuth client's events (its `client_id`). */
  @IsOptional()
  @IsString()
  @MaxLength(500)
  client_id?: string;

  /** Only this person's events (the token's subject, a user id). */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  subject?: string;

  /** Only this decision (an MCP decision, or an OAuth action: `consent_given`, `consent_denied`, `grant_revoked_reuse`). */
  @IsOptional()
  @IsIn([...MCP_AUDIT_DECISIONS, ...AUDIT_OAUTH_ACTIONS])
  decision?: McpAuditDecision | AuditOAuthAction;

  /** Only the MCP endpoint's events (`mcp`) or the authorization server's (`oauth`). */
  @IsOptional()
  @IsIn(AUDIT_EVENT_KINDS)
  kind?: AuditEventKind;

  /** Events at or after this instant (ISO 8601). */
  @IsOptional()
  @IsISO8601({ strict: true })
  since?: string;

  /** Events before this instant (ISO 8601). */
  @IsOptional()
  @IsISO8601({ strict: true })
  until?: string;
}
