import { Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsISO8601, IsNumber, IsObject, IsString, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { MCP_AUDIT_DECISIONS, MCP_AUDIT_OUTCOMES } from '@kobana/mcp';
import type { McpAuditClientInfo, McpAuditDecision, McpAuditEvent, McpAuditOutcome, McpEra } from '@kobana/mcp';
import { AUDIT_EVENT_KINDS, AUDIT_OAUTH_ACTIONS } from './audit-oauth.constants';
import type { AuditEventKind, AuditOAuthAction } from './audit-oauth.constants';
import { AuditEventsTable } from './audit.table';

/** What the client said of itself (era 2026 `clientInfo`), kept as it came. */
export class AuditClientInfoView implements McpAuditClientInfo {
  @IsString()
  @JSONSchema({ nullable: true })
  name!: string | null;

  @IsString()
  @JSONSchema({ nullable: true })
  version!: string | null;

  @IsIn([true])
  self_reported!: true;
}

/**
 * An audit event as the listing answers it: the event the sink received, its
 * two objects parsed back from the row, and its `kind`. An OAuth event
 * (`kind: "oauth"`) has its action in `decision`, its endpoint in `method`,
 * what it concerned in `arguments`, and no `era`.
 */
export class AuditEventView implements Omit<McpAuditEvent, 'era' | 'decision' | 'trace_id'> {
  @IsString()
  id!: string;

  @IsIn(AUDIT_EVENT_KINDS)
  kind!: AuditEventKind;

  @IsISO8601()
  time!: string;

  @IsString()
  organization_id!: string;

  @IsString()
  subject!: string;

  @IsString()
  client_id!: string;

  @IsString()
  @JSONSchema({ nullable: true })
  client_name!: string | null;

  @ValidateNested()
  @Type(() => AuditClientInfoView)
  @JSONSchema({ nullable: true })
  client_info!: McpAuditClientInfo | null;

  @IsIn(['2025', '2026'])
  @JSONSchema({ nullable: true })
  era!: McpEra | null;

  @IsString()
  @JSONSchema({ nullable: true })
  protocol_version!: string | null;

  @IsString()
  method!: string;

  @IsString()
  @JSONSchema({ nullable: true })
  tool!: string | null;

  @IsString()
  @JSONSchema({ nullable: true })
  arguments_digest!: string | null;

  /** The call's arguments without its sensitive properties: any JSON object the tool's DTO allows. */
  @IsObject()
  @JSONSchema({ nullable: true })
  arguments!: Record<string, unknown> | null;

  @IsIn([...MCP_AUDIT_DECISIONS, ...AUDIT_OAUTH_ACTIONS])
  decision!: McpAuditDecision | AuditOAuthAction;

  @IsString()
  @JSONSchema({ nullable: true })
  approval_id!: string | null;

  @IsString()
  @JSONSchema({ nullable: true })
  approved_by!: string | null;

  @IsIn(MCP_AUDIT_OUTCOMES)
  outcome!: McpAuditOutcome;

  @IsInt()
  @JSONSchema({ nullable: true })
  status!: number | null;

  @IsInt()
  @JSONSchema({ nullable: true })
  error_code!: number | null;

  @IsString()
  @JSONSchema({ nullable: true })
  correlation_id!: string | null;

  @IsNumber()
  duration_ms!: number;

  /** The call's OpenTelemetry trace id (32 hex digits), to find its trace; `null` when no sampled span recorded it. */
  @IsString()
  @JSONSchema({ nullable: true })
  trace_id!: string | null;
}

/** `meta` of the listing. */
export class AuditEventsPageMetaView {
  /** Pass as `cursor` for the next page; `null` on the last one. */
  @IsString()
  @JSONSchema({ nullable: true })
  next_cursor!: string | null;

  @IsInt()
  limit!: number;
}

/** A page of the listing: `{ data, meta: { next_cursor, limit } }`, the shape of Kadu's listings. */
export class AuditEventsPage {
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => AuditEventView)
  data!: AuditEventView[];

  @ValidateNested()
  @Type(() => AuditEventsPageMetaView)
  meta!: AuditEventsPageMetaView;
}

/** The row as the listing shows it, with the same key order whatever the database. */
export function toAuditEventView(row: AuditEventsTable): AuditEventView {
  return {
    id: row.id,
    kind: row.kind,
    time: row.time,
    organization_id: row.organization_id,
    subject: row.subject,
    client_id: row.client_id,
    client_name: row.client_name,
    client_info: row.client_info === null ? null : (JSON.parse(row.client_info) as McpAuditClientInfo),
    era: row.era === '' ? null : row.era,
    protocol_version: row.protocol_version,
    method: row.method,
    tool: row.tool,
    arguments_digest: row.arguments_digest,
    arguments: row.arguments === null ? null : (JSON.parse(row.arguments) as Record<string, unknown>),
    decision: row.decision as AuditEventView['decision'],
    approval_id: row.approval_id,
    approved_by: row.approved_by,
    outcome: row.outcome,
    status: row.status === null ? null : Number(row.status),
    error_code: row.error_code === null ? null : Number(row.error_code),
    correlation_id: row.correlation_id,
    duration_ms: Number(row.duration_ms),
    trace_id: row.trace_id,
  };
}
