/**
 * Both hosts as the audit e2e suite drives them: the same cases run on Kadu
 * and Kobana Billing, each with its own tools, through `McpTestClient`, and
 * the stored events are read back after the sink wrote them.
 */
import { createHash } from 'node:crypto';
import { INestApplication } from '@nestjs/common';
import { Kysely } from 'kysely';
import { AuditEventView, AuditEventsTable, DatabaseAuditSink } from '@kobana/audit';
import { McpCaller, McpTokenVerifier } from '@kobana/mcp';
import { McpTestClient } from '@kobana/mcp/testing';
import { BillingTestApp, startBilling } from '../billing/billing-app';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { toView } from './audit-view.helper';
import { FilesWriter } from '../../src/files/files-storage.service';
import { HOST_DATABASE as BILLING_DATABASE } from '@kobana/platform';

/** The clientInfo every era-2026 client of the suite sends. */
export const CLIENT_INFO = { name: 'audit-e2e', version: '1.0.0' };
/** The OAuth client name every token of the suite carries. */
export const CLIENT_NAME = 'Audit client';

/** Token options: an OAuth client of its own per case, so each case reads only its events (and has its own rate-limit budget). */
export interface HostTokenOptions {
  clientId: string;
  clientName?: string;
  scopes?: string[];
  audience?: 'mcp' | 'api';
  email?: string;
}

/** A destructive tool of the host and how to make something for it to act on. */
export interface DestructiveCase {
  tool: string;
  /** Creates a fresh target over REST (no audit event) and answers the tool's arguments. */
  target(apiToken: string): Promise<Record<string, unknown>>;
  /** Whether the tool may be confirmed in the chat (no `requirePerson`). */
  elicitation: boolean;
  /** A chat-confirmable tool whose target outlives a run, so a spent confirmation can come back (a replay). */
  rerunnable?: { tool: string; target(apiToken: string): Promise<Record<string, unknown>> };
}

/** One host, as the suite needs it. */
export interface AuditHost {
  name: 'Kadu' | 'Billing';
  app: INestApplication;
  baseUrl: string;
  db: Kysely<any>;
  /** A token of `organization` for a person of `role` (owner, admin and viewer exist in both hosts). */
  token(organization: string, role: 'owner' | 'admin' | 'viewer', options: HostTokenOptions): Promise<string>;
  readScope: string;
  /** A read tool that succeeds with `{}`, reading `table`. */
  list: { tool: string; table: string };
  /** A read tool answering 404 for `args`. */
  missing: { tool: string; args: Record<string, unknown> };
  /** A write tool that needs the write scope. */
  write: { tool: string; args: Record<string, unknown> };
  /** The audit listing tool. */
  auditTool: string;
  destructive: DestructiveCase;
  /** A call whose arguments carry a value a DTO marks `@McpSensitive()`: `secret` must never be stored. */
  sensitive: { tool: string; args: Record<string, unknown>; secret: string; stored: Record<string, unknown> };
  /** Gives the person with `email` a password, for the sign-in page. */
  setPassword(email: string, password: string): Promise<void>;
  /** The session cookie of the host's pages. */
  cookieName: string;
  close(): Promise<void>;
}

async function restJson(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Kadu with a low budget nowhere (rate limits are filled by hand) and private webhook addresses allowed. */
export async function kaduHost(): Promise<AuditHost> {
  const kadu: KaduTestApp = await startKadu({ env: { KADU_WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  return {
    name: 'Kadu',
    app: kadu.app,
    baseUrl: kadu.baseUrl,
    db: kadu.db,
    token: (organization, role, options) => kadu.token(organization, role, { clientName: CLIENT_NAME, ...options }),
    readScope: 'kadu:read',
    list: { tool: 'kadu_tasks_list', table: 'tasks' },
    missing: { tool: 'kadu_tasks_get', args: { id: '0b6f2c3e-1111-4a2b-9c3d-123456789abc' } },
    write: { tool: 'kadu_tasks_create', args: { name: 'Statement' } },
    auditTool: 'kadu_audit_events_list',
    destructive: {
      tool: 'kadu_tasks_delete',
      elicitation: true,
      target: async (apiToken) => ({ id: (await restJson(kadu.baseUrl, apiToken, 'POST', '/tasks', { name: 'Doomed' })).id }),
      rerunnable: {
        tool: 'kadu_tasks_run',
        target: async (apiToken) => {
          const task = await restJson(kadu.baseUrl, apiToken, 'POST', '/tasks', { name: 'Statement', rules: [{ category: 'fees', match: 'tarifa' }] });
          const organization = await kadu.identity.ensureOrganization('org-a');
          const csv = Buffer.from('date,description,amount\n2026-01-02,Tarifa,-1.50\n');
          const file = await kadu.app.get(FilesWriter).writeOutput(organization.id, { filename: 'jan.csv', content_type: 'text/csv', bytes: csv });
          return { id: task.id, input_file_ids: [file.id] };
        },
      },
    },
    sensitive: {
      tool: 'kadu_webhook_endpoints_create',
      args: { url: 'http://127.0.0.1:9/hook?token=SECRET-TOKEN-4242', events: ['execution.finished'] },
      secret: 'SECRET-TOKEN-4242',
      stored: { events: ['execution.finished'] },
    },
    setPassword: async (email, password) => void (await kadu.identity.setPassword((await kadu.identity.findUserByEmail(email))!.id, password)),
    cookieName: 'kadu_session',
    close: () => kadu.close(),
  };
}

export async function billingHost(): Promise<AuditHost> {
  const billing: BillingTestApp = await startBilling();
  let documents = 0;
  // Valid CPFs are not needed: the pattern is 11 digits.
  const document = () => String(10_000_000_000 + ++documents);
  return {
    name: 'Billing',
    app: billing.app,
    baseUrl: billing.baseUrl,
    db: billing.app.get(BILLING_DATABASE),
    token: (organization, role, options) => billing.token(organization, role, { clientName: CLIENT_NAME, ...options }),
    readScope: 'billing:read',
    list: { tool: 'billing_customers_list', table: 'customers' },
    missing: { tool: 'billing_customers_get', args: { id: 'cus_missing' } },
    write: { tool: 'billing_customers_create', args: { name: 'Zé', document: '98765432100', email: 'ze@a.test' } },
    auditTool: 'billing_audit_events_list',
    destructive: {
      tool: 'billing_customers_delete',
      elicitation: false,
      target: async (apiToken) => ({
        id: (await restJson(billing.baseUrl, apiToken, 'POST', '/customers', { name: 'Doomed', document: document(), email: 'd@a.test' })).id,
      }),
    },
    sensitive: {
      tool: 'billing_customers_create',
      args: { name: 'Maria', document: '52998224725', email: 'maria@a.test' },
      secret: '52998224725',
      stored: { name: 'Maria', email: 'maria@a.test' },
    },
    setPassword: async (email, password) => void (await billing.identity.setPassword((await billing.identity.findUserByEmail(email))!.id, password)),
    cookieName: 'kbill_session',
    close: () => billing.close(),
  };
}

/** Every stored event of `client_id`, oldest first, once the sink wrote what it queued. */
export async function eventsOf(host: AuditHost, clientId: string): Promise<AuditEventView[]> {
  await host.app.get(DatabaseAuditSink).drain();
  const rows = await host.db.selectFrom('audit_events').selectAll().where('client_id', '=', clientId).orderBy('time').orderBy('id').execute();
  return rows.map((row) => toView(row as AuditEventsTable));
}

/** The caller a token stands for, as the host's verifier reads it. */
export async function callerOf(host: AuditHost, token: string): Promise<McpCaller> {
  const caller = await host.app.get<McpTokenVerifier>(McpTokenVerifier, { strict: false }).verify(token);
  if (!caller) throw new Error('token not accepted');
  return caller;
}

/** An MCP client of `host` in `era`, sending the suite's clientInfo. */
export function clientOf(host: AuditHost, token: string, era: '2026' | '2025', elicitation = true): Promise<McpTestClient> {
  return McpTestClient.create(host.app, { token, era, clientInfo: CLIENT_INFO, elicitation });
}

/** SHA-256 of the canonical arguments (keys sorted, `idempotency_key` left out), as the module computes it. */
export function digestOf(args: Record<string, unknown>): string {
  const sort = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sort)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, sort((value as Record<string, unknown>)[key])]),
          )
        : value;
  const { idempotency_key: _ignored, ...relevant } = args;
  void _ignored;
  return createHash('sha256')
    .update(JSON.stringify(sort(relevant)))
    .digest('hex');
}

/** The event a case expects: the fields every event of `caller` in `era` has, with the case's own. */
export function expectedEvent(caller: McpCaller, era: '2026' | '2025', fields: Record<string, unknown>): Record<string, unknown> {
  return {
    id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    organization_id: caller.organization_id,
    subject: caller.subject,
    client_id: caller.client_id,
    client_name: CLIENT_NAME,
    client_info: era === '2026' ? { ...CLIENT_INFO, self_reported: true } : null,
    era,
    kind: 'mcp',
    protocol_version: era === '2026' ? '2026-07-28' : '2025-06-18',
    method: 'tools/call',
    approval_id: null,
    approved_by: null,
    status: 200,
    error_code: null,
    correlation_id: null,
    duration_ms: expect.any(Number),
    // No OpenTelemetry SDK in the suite: no trace to point at.
    trace_id: null,
    ...fields,
  };
}
