/**
 * Kadu behind Debian's nginx with the guide's configuration
 * (`docs/deployment/nginx.conf`): two replicas on one PostgreSQL, started
 * as an operator starts them (`src/main.ts`), with `TRUST_PROXY` naming
 * nginx. A rolling restart under a steady MCP load loses and duplicates
 * nothing; `/readyz` answers 503 from SIGTERM until the replica exits 0;
 * and the per-address sign-in limit counts the client behind nginx, not
 * nginx. Runs in about a minute and a half, most of it replicas starting.
 */
import { Kysely } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IdentityService } from '@kobana/identity';
import { openKaduDatabase } from '../../src/database/kadu-database.factory';
import { KaduDatabase } from '../../src/database/kadu-database.interface';
import { PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';
import { Replica, startReplica } from '../replicas/replica.process';
import { holdReadinessProbe } from './held-probe';
import { signInFrom } from './loopback.client';
import { startNginx, TestNginx } from './nginx.support';
import { hostIdentityOptions } from '@kobana/platform';
import { KADU } from '../../src/kadu.host';

const KADU_IDENTITY_OPTIONS = hostIdentityOptions(KADU);

jest.setTimeout(600_000);

/** MCP clients of the load, each sending one request at a time. */
const CLIENTS = 4;
/** Bound of each client's loop, whatever happens to the restarts. */
const MAX_REQUESTS_PER_CLIENT = 3000;
/** Pause between two requests of a client: a steady load the two shared cores also run the replicas under. */
const PAUSE_MS = 15;
/** Probes held open across each replica's SIGTERM, completed one by one while it drains. */
const HELD_PROBES = 4;
const HELD_PROBE_STEP_MS = 150;
const HELD_PROBE_ACCEPT_MS = 1000;
/** Load on both replicas between one restart and the next (nginx leaves no replica out: nothing else to wait for). */
const BETWEEN_RESTARTS_MS = 2000;
const PERSON = { email: 'person@nginx.test', password: 'person-password-0123' };
const ATTACKER_ADDRESS = '127.0.0.2';
const PERSON_ADDRESS = '127.0.0.3';

const delay = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** One era-2025 `tools/call` through `baseUrl`: the tool's JSON result, or why it failed. */
async function callTool(
  baseUrl: string,
  token: string,
  name: string,
  args: Record<string, unknown>,
): Promise<{ ok: true; value: any } | { ok: false; why: string }> {
  try {
    const res = await fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'MCP-Protocol-Version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    if (res.status !== 200) return { ok: false, why: `${res.status} ${text.slice(0, 120)}` };
    const result = (JSON.parse(text) as { result?: { isError?: boolean; content: Array<{ text: string }> } }).result;
    if (!result || result.isError) return { ok: false, why: `200 ${text.slice(0, 120)}` };
    return { ok: true, value: JSON.parse(result.content[0].text) };
  } catch (error) {
    return { ok: false, why: (error as Error).message };
  }
}

describe('Kadu behind nginx: two replicas on one PostgreSQL', () => {
  let cluster: PostgresCluster;
  let filesDir: string;
  let db: Kysely<KaduDatabase>;
  let replicas: Replica[] = [];
  const seen: Replica[] = [];
  let nginx: TestNginx;
  let env: Record<string, string>;
  let token: string;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    await cluster.admin('create database kadu');
    filesDir = mkdtempSync(join(tmpdir(), 'kadu-nginx-files-'));
    env = {
      DATABASE_URL: cluster.urlOf('kadu'),
      KADU_FILES_DIR: filesDir,
      TRUST_PROXY: '127.0.0.1',
      // The shutdown's lines (jest's NODE_ENV=test silences the log otherwise).
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'text',
      KADU_RATE_LIMIT_READ: '100000',
      KADU_RATE_LIMIT_WRITE: '100000',
    };
    replicas = await Promise.all(['a', 'b'].map((name) => startReplica(name, env)));
    seen.push(...replicas);
    nginx = await startNginx(replicas.map((replica) => new URL(replica.baseUrl).host));
    db = (await openKaduDatabase(env.DATABASE_URL)).db;
    const identity = new IdentityService(db, KADU_IDENTITY_OPTIONS);
    const organization = await identity.ensureOrganization('nginx', { name: 'Nginx', plan: 'enterprise' });
    await identity.createUser(organization, 'owner', PERSON);
    token = (await identity.createToken({ organization, role: 'owner', email: PERSON.email })).token;
  });

  afterAll(async () => {
    const diagnostics = [...seen.map((one) => `--- ${one.name}\n${one.log()}`), `--- nginx\n${nginx?.errorLog() ?? ''}`].join('\n');
    await Promise.all(replicas.map((replica) => replica.kill('SIGTERM')));
    await nginx?.stop();
    await db?.destroy();
    cluster?.stop();
    rmSync(filesDir, { recursive: true, force: true });
    if (process.env.KADU_DEPLOYMENT_LOG === '1') process.stdout.write(diagnostics);
  });

  it('an attacker failing sign-ins with forged X-Forwarded-For is refused 429, while a person at another address signs in', async () => {
    for (let i = 0; i < 20; i++) {
      const answer = await signInFrom(ATTACKER_ADDRESS, nginx.url, `guess-${i}@unknown.test`, 'wrong-password-0123', { 'X-Forwarded-For': `203.0.113.${i}` });
      expect(answer.status).toBe(401);
    }
    const refused = await signInFrom(ATTACKER_ADDRESS, nginx.url, 'guess-x@unknown.test', 'wrong-password-0123', { 'X-Forwarded-For': '198.51.100.1' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Behind nginx every request comes from 127.0.0.1: counted by socket, the person would be refused too.
    expect((await signInFrom(PERSON_ADDRESS, nginx.url, PERSON.email, PERSON.password)).status).toBe(303);
  });

  it('a rolling restart under a steady MCP load answers every request, once; /readyz is 503 from SIGTERM until exit 0', async () => {
    const stats = { sent: 0, answered: 0, failed: [] as string[], writes: new Set<string>() };
    let stop = false;
    const client = async (index: number) => {
      for (let n = 0; !stop && n < MAX_REQUESTS_PER_CLIENT; n++) {
        const write = n % 2 === 1;
        const name = `load-${index}-${n}`;
        stats.sent++;
        const answer = write
          ? await callTool(nginx.url, token, 'kadu_tasks_create', { name, idempotency_key: name })
          : await callTool(nginx.url, token, 'kadu_organization_get', {});
        if (!answer.ok) stats.failed.push(`${name}: ${answer.why}`);
        else if (write ? answer.value?.name !== name : answer.value?.slug !== 'nginx')
          stats.failed.push(`${name}: wrong answer ${JSON.stringify(answer.value)}`);
        else {
          stats.answered++;
          if (write) stats.writes.add(name);
        }
        await delay(PAUSE_MS);
      }
    };
    const started = Date.now();
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
    const drains: Array<{ replica: string; signalToExitMs: number; lastProbeToExitMs: number; probes: number[] }> = [];
    try {
      for (let index = 0; index < replicas.length; index++) {
        // The previous replica is back and answering.
        await delay(BETWEEN_RESTARTS_MS + 1000);
        const victim = replicas[index];
        const port = Number(new URL(victim.baseUrl).port);
        const held = await Promise.all(Array.from({ length: HELD_PROBES }, () => holdReadinessProbe(port)));
        // Until the busy replica has accepted them: a connection still in the listen backlog at SIGTERM is reset.
        await delay(HELD_PROBE_ACCEPT_MS);
        const signalled = Date.now();
        const exited = victim.kill('SIGTERM').then(() => Date.now());
        const probes: Array<{ status: number; body: string }> = [];
        let lastProbe = signalled;
        for (const probe of held) {
          await delay(HELD_PROBE_STEP_MS);
          probes.push(await probe.complete());
          lastProbe = Date.now();
        }
        const exitedAt = await exited;
        const shutdownLines = victim
          .log()
          .split('\n')
          .filter((line) => line.includes('[Shutdown]'))
          .join('\n');
        expect({ probes, shutdownLines, exitCode: victim.exitCode }).toEqual({
          exitCode: 0,
          probes: Array.from({ length: HELD_PROBES }, () => ({ status: 503, body: expect.stringContaining('"failed":["draining"]') })),
          shutdownLines: expect.stringMatching(/Shut down in \d+ ms/),
        });
        drains.push({
          replica: victim.name,
          signalToExitMs: exitedAt - signalled,
          lastProbeToExitMs: exitedAt - lastProbe,
          probes: probes.map((p) => p.status),
        });
        const restarted = await startReplica(victim.name, env, port);
        replicas[index] = restarted;
        seen.push(restarted);
      }
      await delay(2000);
    } finally {
      stop = true;
      await load;
    }
    const tasks = await db.selectFrom('tasks').select('name').where('name', 'like', 'load-%').execute();
    const names = tasks.map((task) => task.name);
    const durationMs = Date.now() - started;
    process.stdout.write(
      `rolling restart through nginx: ${stats.sent} sent, ${stats.answered} answered, ${stats.failed.length} failed, ` +
        `${stats.writes.size} writes, ${names.length} rows, ${durationMs} ms; drains ${JSON.stringify(drains)}\n`,
    );
    expect(stats.failed).toEqual([]);
    expect(stats.answered).toBe(stats.sent);
    expect(stats.sent).toBeGreaterThan(100);
    // Every answered write has exactly one row, and no row lacks an answered write.
    expect(names.length).toBe(new Set(names).size);
    expect(new Set(names)).toEqual(stats.writes);
  });
});
