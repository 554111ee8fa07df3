/**
 * The steady load a fault runs under: a few clients, each one request at a
 * time, through nginx. Reads (`kadu_organization_get` over MCP, a task over
 * REST), writes (`kadu_tasks_create` with an `idempotency_key`) and runs
 * (`kadu_tasks_run`, confirmed in the chat, with an `idempotency_key`).
 * A write or run answered 503 is sent again with the same key, as a client
 * that honours Retry-After does (sooner than the header says, so recovery is
 * seen within the case); every answer is recorded with its time.
 */
import { IdentityService } from '@kobana/identity';
import { hostIdentityOptions } from '@kobana/platform';
import { Kysely } from 'kysely';
import { openKaduDatabase } from '../../src/database/kadu-database.factory';
import { KaduDatabase } from '../../src/database/kadu-database.interface';
import { KADU } from '../../src/kadu.host';

/** What a request was for. */
export type RequestKind = 'read' | 'write' | 'run';

/** One request's fate. */
export interface Outcome {
  kind: RequestKind;
  startedAt: number;
  endedAt: number;
  /** The HTTP status, or 0 when no answer came (connection error, timeout). */
  status: number;
  /** On a 503: whether it carried a Retry-After of whole seconds. */
  retryAfter: boolean;
  ok: boolean;
  /** Why it was not ok: the start of the body, or the error. */
  detail?: string;
}

/** A caller of its own per case: its rows are the case's rows. */
export interface LoadCaller {
  slug: string;
  organizationId: string;
  mcp: string;
  api: string;
  taskId: string;
  fileId: string;
}

/** One request's ceiling: a hang is a failure, not a stalled case. */
const REQUEST_TIMEOUT_MS = 15_000;
/** Pause between two requests of a client, and before a 503's retry. */
const PAUSE_MS = 40;
const RETRY_PAUSE_MS = 250;
/** Bound of each client's requests, whatever happens. */
const MAX_REQUESTS_PER_CLIENT = 2000;
const CSV = 'date,description,amount\n2026-01-02,Tarifa bancaria,-12.50\n2026-01-03,PIX recebido,100.00\n';
const RULES = [
  { category: 'fees', match: 'tarifa' },
  { category: 'income', match: 'pix' },
];
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  // A client that can confirm in the chat; it does not follow tasks (the run answers the execution).
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
  'io.modelcontextprotocol/clientInfo': { name: 'faults', version: '1.0.0' },
};

/**
 * Creates organization `slug` with an owner's tokens (through `adminUrl`),
 * and, through `baseUrl`, a task whose rules cover the CSV and one ready file.
 */
export async function prepareCaller(adminUrl: string, baseUrl: string, slug: string): Promise<LoadCaller> {
  const { db } = await openKaduDatabase(adminUrl);
  let tokens: { organizationId: string; mcp: string; api: string };
  try {
    tokens = await mint(db, slug);
  } finally {
    await db.destroy();
  }
  const task = await rest(baseUrl, tokens.api, 'POST', '/tasks', { name: `Faults ${slug}`, rules: RULES });
  if (task.status !== 201) throw new Error(`task for ${slug}: ${task.status} ${task.text}`);
  const bytes = Buffer.from(CSV, 'utf8');
  const created = await rest(baseUrl, tokens.api, 'POST', '/files', { filename: `${slug}.csv`, content_type: 'text/csv', size: bytes.length });
  if (created.status !== 201) throw new Error(`file for ${slug}: ${created.status} ${created.text}`);
  const body = JSON.parse(created.text) as { id: string; upload_url: string };
  const upload = new URL(body.upload_url);
  const put = await fetch(`${baseUrl}${upload.pathname}${upload.search}`, { method: 'PUT', headers: { 'Content-Type': 'text/csv' }, body: bytes });
  if (put.status !== 200) throw new Error(`upload for ${slug}: ${put.status} ${await put.text()}`);
  const confirmed = await rest(baseUrl, tokens.api, 'POST', `/files/${body.id}/confirm`);
  if (confirmed.status !== 200) throw new Error(`confirm for ${slug}: ${confirmed.status} ${confirmed.text}`);
  return { slug, ...tokens, taskId: JSON.parse(task.text).id as string, fileId: body.id };
}

async function mint(db: Kysely<KaduDatabase>, slug: string): Promise<{ organizationId: string; mcp: string; api: string }> {
  const identity = new IdentityService(db, hostIdentityOptions(KADU));
  const organization = await identity.ensureOrganization(slug, { name: slug, plan: 'enterprise' });
  const email = `owner@${slug}.test`;
  const mcp = (await identity.createToken({ organization, role: 'owner', email })).token;
  const api = (await identity.createToken({ organization, role: 'owner', email, audience: 'api' })).token;
  return { organizationId: organization.id, mcp, api };
}

/** The load of one case: started, then stopped; what it sent and what was acknowledged. */
export class FaultLoad {
  readonly outcomes: Outcome[] = [];
  /** Names of the writes sent (each with its own key), and those answered. */
  readonly writesSent = new Set<string>();
  readonly writesAcknowledged = new Set<string>();
  /** Keys of the runs sent, and the execution ids answered. */
  readonly runsSent = new Set<string>();
  readonly runsAcknowledged = new Set<string>();
  private stopped = false;
  private running?: Promise<void>;

  constructor(
    private readonly baseUrl: () => string,
    private readonly caller: LoadCaller,
  ) {}

  /** Starts `clients` clients. */
  start(clients: number): void {
    this.running = Promise.all(Array.from({ length: clients }, (_, index) => this.client(index))).then(() => undefined);
  }

  /** Stops the clients after the request each has in hand (a write in its retries gives up). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async client(index: number): Promise<void> {
    for (let n = 0; !this.stopped && n < MAX_REQUESTS_PER_CLIENT; n++) {
      const key = `${this.caller.slug}-${index}-${n}`;
      const turn = n % 5;
      if (turn === 0 || turn === 2) await this.read(turn === 0);
      else if (turn === 4 && index % 2 === 0) await this.run(key);
      else await this.write(key);
      await delay(PAUSE_MS);
    }
  }

  private async read(overMcp: boolean): Promise<void> {
    if (overMcp) await this.mcp('read', 'kadu_organization_get', {});
    else
      await this.record(
        'read',
        () => rest(this.baseUrl(), this.caller.api, 'GET', `/tasks/${this.caller.taskId}`),
        (text) => JSON.parse(text).id === this.caller.taskId,
      );
  }

  /** A task created with `name` as its key, sent again on a 503 or a lost answer until answered. */
  private async write(name: string): Promise<void> {
    this.writesSent.add(name);
    const value = await this.untilAnswered(() => this.mcp('write', 'kadu_tasks_create', { name, rules: RULES, idempotency_key: name }));
    if ((value as { name?: string } | undefined)?.name === name) this.writesAcknowledged.add(name);
  }

  /** `kadu_tasks_run` confirmed in the chat, sent again on a 503 until answered; the execution's id is kept. */
  private async run(key: string): Promise<void> {
    this.runsSent.add(key);
    const args = { id: this.caller.taskId, input_file_ids: [this.caller.fileId], idempotency_key: key };
    const value = await this.untilAnswered(async () => {
      const asked = await this.mcp('run', 'kadu_tasks_run', args, undefined, true);
      const state = (asked as { resultType?: string; requestState?: string } | undefined)?.requestState;
      if (state === undefined) return asked;
      return this.mcp('run', 'kadu_tasks_run', args, { inputResponses: { confirm: { action: 'accept', content: { confirm: true } } }, requestState: state });
    });
    const id = (value as { id?: string; status?: string } | undefined)?.id;
    if (id !== undefined) this.runsAcknowledged.add(id);
  }

  /** Calls `send` until it gives a value, pausing between tries; gives up when the load stops. */
  private async untilAnswered(send: () => Promise<unknown>): Promise<unknown> {
    for (;;) {
      const value = await send();
      if (value !== undefined || this.stopped) return value;
      await delay(RETRY_PAUSE_MS);
    }
  }

  /**
   * One `tools/call`; its outcome recorded. Answers the tool's JSON value, or
   * the raw result when `raw` (the confirmation's question), or `undefined`.
   */
  private async mcp(kind: RequestKind, name: string, args: Record<string, unknown>, extra: Record<string, unknown> = {}, raw = false): Promise<unknown> {
    let value: unknown;
    await this.record(
      kind,
      () =>
        send(`${this.baseUrl()}/mcp`, 'POST', {
          headers: {
            Authorization: `Bearer ${this.caller.mcp}`,
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
            'MCP-Protocol-Version': '2026-07-28',
            'Mcp-Method': 'tools/call',
            'Mcp-Name': name,
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args, ...extra, _meta: ENVELOPE } }),
        }),
      (text) => {
        const result = (JSON.parse(text) as { result?: { resultType?: string; isError?: boolean; content?: Array<{ text: string }> } }).result;
        if (!result || result.isError) return false;
        if (raw && result.resultType === 'input_required') value = result;
        else value = JSON.parse(result.content?.[0]?.text ?? 'null');
        return true;
      },
    );
    return value;
  }

  private async record(kind: RequestKind, call: () => Promise<Answer>, accept: (text: string) => boolean): Promise<void> {
    const startedAt = Date.now();
    let answer: Answer;
    try {
      answer = await call();
    } catch (error) {
      this.outcomes.push({ kind, startedAt, endedAt: Date.now(), status: 0, retryAfter: false, ok: false, detail: (error as Error).message });
      return;
    }
    let ok = false;
    if (answer.status >= 200 && answer.status < 300) {
      try {
        ok = accept(answer.text);
      } catch {
        ok = false;
      }
    }
    this.outcomes.push({
      kind,
      startedAt,
      endedAt: Date.now(),
      status: answer.status,
      retryAfter: /^\d+$/.test(answer.retryAfter ?? ''),
      ok,
      ...(ok ? {} : { detail: answer.text.slice(0, 160) }),
    });
  }
}

/** An HTTP answer as text. */
interface Answer {
  status: number;
  text: string;
  retryAfter: string | null;
}

async function send(url: string, method: string, init: { headers: Record<string, string>; body?: string }): Promise<Answer> {
  const res = await fetch(url, { method, ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  return { status: res.status, text: await res.text(), retryAfter: res.headers.get('retry-after') };
}

function rest(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return send(`${baseUrl}/api/v1${path}`, method, { headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** Resolves after `ms`. */
export function delay(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}
