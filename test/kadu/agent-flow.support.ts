/**
 * Helpers of the agent-flow e2e spec: the steps a client takes (upload a
 * statement, follow an execution) written once against any MCP client, and
 * a receiver-side check of `Kadu-Signature` written from the documented
 * format rather than from Kadu's own code.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What both official clients' `callTool` resolve to, as far as these steps read it. */
export interface ToolResult {
  isError?: boolean;
  structuredContent?: unknown;
  content?: unknown;
}

/** Calls one tool with some client. */
export type CallTool = (name: string, args: Record<string, unknown>) => Promise<ToolResult>;

/** An execution as `kadu_executions_get` answers it (the fields these steps read). */
export interface Execution {
  id: string;
  task_id: string;
  status: string;
  input_file_ids: string[];
  output_file_id: string | null;
  result: { lines: number; categories: Array<{ category: string; lines: number; total: string }> } | null;
  pending_questions: Array<{ line: number; description: string; amount: string }> | null;
  error: string | null;
  cost_cents: number;
  [field: string]: unknown;
}

/**
 * A client with a person in the loop (docs/protocol.md §7, era 2025 or no
 * elicitation): a destructive call answers an approval link, the person
 * chooses Continue in the browser, and the identical call runs.
 */
export function withApprovals(call: CallTool, approve: (approvalUrl: string) => Promise<void>): CallTool {
  return async (name, args) => {
    const first = await call(name, args);
    const pending = first.structuredContent as { status?: string; approval_url?: string } | undefined;
    if (pending?.status !== 'approval_required' || !pending.approval_url) return first;
    await approve(pending.approval_url);
    return call(name, args);
  };
}

/** What a person types on the sign-in page. */
export interface Credentials {
  email: string;
  password: string;
}

/**
 * A person approving in the browser, without JavaScript: signs in, opens the
 * approval page, and submits Continue with the page's CSRF token.
 */
export async function approveInBrowser(approvalUrl: string, person: Credentials): Promise<void> {
  const url = new URL(approvalUrl);
  const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const signIn = await fetch(new URL('/sign-in', url), {
    method: 'POST',
    headers: form,
    body: new URLSearchParams({ ...person, next: url.pathname }),
    redirect: 'manual',
  });
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`Sign-in answered ${signIn.status} without a session`);
  const page = await (await fetch(url, { headers: { Cookie: cookie } })).text();
  const csrf = /name="csrf_token" value="([^"]*)"/.exec(page)?.[1];
  if (!csrf) throw new Error('The approval page has no CSRF token');
  const decided = await fetch(url, {
    method: 'POST',
    headers: { ...form, Cookie: cookie },
    body: new URLSearchParams({ csrf_token: csrf.replace(/&amp;/g, '&'), decision: 'continue' }),
    redirect: 'manual',
  });
  if (decided.status < 300 || decided.status >= 400) throw new Error(`Choosing Continue answered ${decided.status}`);
}

/** The tool's `structuredContent`; fails with the tool's own words when it answered an error. */
export async function callOk<T>(call: CallTool, name: string, args: Record<string, unknown>): Promise<T> {
  const result = await call(name, args);
  if (result.isError) throw new Error(`${name} answered an error: ${JSON.stringify(result.content)}`);
  return result.structuredContent as T;
}

/** `kadu_files_create`, the PUT to the presigned URL, then `kadu_files_confirm`; the ready file's id. */
export async function uploadStatement(call: CallTool, filename: string, csv: string): Promise<string> {
  const bytes = Buffer.from(csv, 'utf8');
  const upload = await callOk<{ id: string; upload_url: string; upload_method: string; upload_headers: Record<string, string> }>(call, 'kadu_files_create', {
    filename,
    content_type: 'text/csv',
    size: bytes.length,
  });
  const put = await fetch(upload.upload_url, { method: upload.upload_method, headers: upload.upload_headers, body: bytes });
  if (put.status !== 200) throw new Error(`PUT upload_url answered ${put.status}: ${await put.text()}`);
  const confirmed = await callOk<{ status: string }>(call, 'kadu_files_confirm', { id: upload.id });
  if (confirmed.status !== 'ready') throw new Error(`kadu_files_confirm left the file ${confirmed.status}`);
  return upload.id;
}

/** Bounds of {@link pollExecution}. */
export interface PollBounds {
  /** @default 200 */
  maxPolls?: number;
  /** @default 25 */
  intervalMs?: number;
}

/**
 * Polls `kadu_executions_get` while the execution is queued or running, at
 * most `maxPolls` times, as a client following docs/protocol.md §10 would.
 * @throws Error when it has not left those states by then.
 */
export async function pollExecution(call: CallTool, id: string, bounds: PollBounds = {}): Promise<Execution> {
  const { maxPolls = 200, intervalMs = 25 } = bounds;
  for (let poll = 1; poll <= maxPolls; poll++) {
    const execution = await callOk<Execution>(call, 'kadu_executions_get', { id });
    if (execution.status !== 'queued' && execution.status !== 'running') return execution;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`Execution ${id} was still queued or running after ${maxPolls} polls`);
}

/**
 * A receiver's check of `Kadu-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
 * keyed by the endpoint's secret, with a 5-minute tolerance on `t`.
 */
export function isValidKaduSignature(secret: string, header: string | string[] | undefined, body: string): boolean {
  if (typeof header !== 'string') return false;
  const fields = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(fields.get('t'));
  const given = fields.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300 || !/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
