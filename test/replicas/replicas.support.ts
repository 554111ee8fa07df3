/**
 * The replicas spec's world: a throwaway PostgreSQL and Redis, three replicas
 * of Kadu on them sharing one files directory, and the test's own connections
 * to both to look at what the replicas did.
 */
import { Kysely } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openKaduDatabase } from '../../src/database/kadu-database.factory';
import { KaduDatabase } from '../../src/database/kadu-database.interface';
import { PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';
import { startRedis, TestRedis } from '../mcp/limits-redis.support';
import { Replica, startReplica } from './replica.process';

/**
 * Short, so a dead replica's execution is taken back within the test; but
 * well over a freeze by {@link killWhileHolding} (a quarter of a second plus
 * a query) added to an execution's run on a loaded two-core machine.
 * At 2000 ms, with eight requests in flight, a lease ran out now and then
 * while the victim was frozen for a look that then failed (a frozen replica
 * renews nothing): another worker took that execution over and it was
 * claimed twice besides the victim's.
 */
export const LEASE_MS = 6000;
/**
 * MCP writes per caller per minute, for every replica. Small, so the rate-limit
 * case spends it in a few calls; the other cases each have their own caller and
 * make fewer MCP writes than this.
 */
export const WRITE_LIMIT = 12;

/** Everything the spec drives and inspects. */
export interface ReplicaWorld {
  replicas: Replica[];
  db: Kysely<KaduDatabase>;
  databaseUrl: string;
  /** The Redis the replicas count rate limits in. */
  redis: TestRedis;
  close(): Promise<void>;
}

/** Starts PostgreSQL and Redis, then three replicas at once (they race to migrate the empty database). */
export async function startReplicaWorld(extraEnv: Record<string, string> = {}): Promise<ReplicaWorld> {
  const cluster: PostgresCluster = await startPostgresCluster();
  let redis: TestRedis;
  try {
    redis = await startRedis();
  } catch (error) {
    cluster.stop();
    throw error;
  }
  const filesDir = mkdtempSync(join(tmpdir(), 'kadu-replicas-files-'));
  const replicas: Replica[] = [];
  let db: Kysely<KaduDatabase> | undefined;
  const close = async () => {
    // SIGTERM lets each replica drain and hand back what it holds; SIGKILL only if it hangs.
    await Promise.all(
      replicas.map(async (replica) => {
        const hung = setTimeout(() => void replica.kill('SIGKILL'), 15_000);
        await replica.kill('SIGTERM');
        clearTimeout(hung);
      }),
    );
    await db?.destroy();
    await redis.stop();
    cluster.stop();
    rmSync(filesDir, { recursive: true, force: true });
  };
  try {
    await cluster.admin('create database kadu');
    const databaseUrl = cluster.urlOf('kadu');
    const env = {
      DATABASE_URL: databaseUrl,
      KADU_FILES_DIR: filesDir,
      KADU_EXECUTION_POLL_MS: '20',
      KADU_EXECUTION_LEASE_MS: String(LEASE_MS),
      KADU_REDIS_URL: redis.url,
      KADU_RATE_LIMIT_WRITE: String(WRITE_LIMIT),
      ...extraEnv,
    };
    const started = await Promise.allSettled(['a', 'b', 'c'].map((name) => startReplica(name, env)));
    for (const result of started) if (result.status === 'fulfilled') replicas.push(result.value);
    const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
    db = (await openKaduDatabase(databaseUrl)).db;
    return { replicas, db, databaseUrl, redis, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Resolves after `ms`. */
export function delay(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

/** How long the victim is frozen before `executions` is looked at: what it sent before the freeze has landed by then. */
const SETTLE_MS = 250;
/**
 * How long the victim runs between two tries. Frozen, it may hold the
 * organization's row lock (a run's quota check), and every run of that
 * organization on the other replicas waits for it: it must get to finish
 * what it has in flight, or a client's request times out behind it.
 */
const RESUME_MS = 250;

/**
 * Kills `victim` with SIGKILL while it holds an execution, and returns that
 * execution's id. The victim is frozen (SIGSTOP) first; an execution
 * `running` under its worker (`<host>:<pid>:<uuid>`, its process's id) once
 * what it sent has landed is held: frozen, it can neither finish it nor hand
 * it back. When it held nothing at that instant it is resumed and tried
 * again (bounded). (Telling its execution by less, one left unchanged while
 * it was frozen, picked now and then a survivor's held up behind the frozen
 * victim's lock.)
 *
 * @throws Error when no held execution was caught in `attempts` tries (the queue ran dry).
 */
export async function killWhileHolding(victim: Replica, db: Kysely<KaduDatabase>, attempts = 40): Promise<string> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    victim.pause(true);
    await delay(SETTLE_MS);
    const held = await db.selectFrom('executions').select('id').where('status', '=', 'running').where('worker_id', 'like', `%:${victim.pid}:%`).execute();
    if (held.length === 1) {
      await victim.kill('SIGKILL');
      return held[0].id;
    }
    victim.pause(false);
    await delay(RESUME_MS);
  }
  throw new Error(`${victim.name} never held an execution when frozen (${attempts} tries): the queue ran dry`);
}
