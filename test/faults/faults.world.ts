/**
 * The fault suite's world: a throwaway PostgreSQL (the replicas connect as a
 * role that is not a superuser, so a permission can be taken from them), a
 * Redis that can be killed and started again on its port, replicas of the
 * built Kadu (`node dist/src/main.js`, NODE_ENV=production) and nginx with
 * the guide's configuration in front of them. Every process listens on
 * 127.0.0.1 and is ended by its own pid.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../support/free-port';
import { PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';
import { startNginx, TestNginx } from '../deployment/nginx.support';
import { Replica, startReplica } from '../replicas/replica.process';

/** The build `npm run test:faults` makes first: replicas run what production runs. */
export const KADU_DIST_MAIN = resolve(__dirname, '../../dist/src/main.js');
/** The role the replicas connect as: it owns the database, but is no superuser. */
export const APP_ROLE = 'kadu_app';
/** Small, so the suite can take every connection (the exhaustion fault) without hundreds of sockets. */
export const MAX_CONNECTIONS = 60;
/** A dead replica's execution is taken back after this: short, so the SIGKILL fault ends in the suite's time. */
export const LEASE_MS = 6000;
/** How long a replica may take to exit after SIGTERM before it is killed. */
const STOP_TIMEOUT_MS = 15_000;

/** A redis-server on a fixed loopback port, which the suite kills and starts again. */
export interface FaultRedis {
  url: string;
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Everything a fault case drives and inspects. */
export interface FaultWorld {
  cluster: PostgresCluster;
  redis: FaultRedis;
  /** The replicas behind {@link nginx}, by position; a case that restarts one puts the new process in its place. */
  replicas: Replica[];
  nginx: TestNginx;
  /** The replicas' environment (a restarted replica gets the same). */
  env: Record<string, string>;
  /** The database as the superuser sees it (the suite's own reads and the faults' statements). */
  adminUrl: string;
  /** Starts replica `index` again on its port, after it exited. */
  restart(index: number): Promise<Replica>;
  /**
   * Starts again every replica that exited (a case that crashed one fails on
   * it; the next case starts from two running replicas); answers their names.
   */
  revive(): Promise<string[]>;
  close(): Promise<void>;
}

/** Production keys: at least 32 characters, the same on every replica. */
const PRODUCTION_KEYS = {
  KADU_SIGNING_SECRET: 'faults-signing-secret-0123456789abcdef',
  KADU_ENCRYPTION_KEY: 'faults-encryption-key-0123456789abcdef',
};

/** The environment of a production replica, over `base`. */
export function productionEnv(base: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'production',
    ...PRODUCTION_KEYS,
    TRUST_PROXY: '127.0.0.1',
    // The load is the suite's own: rate limits are not what it measures.
    KADU_RATE_LIMIT_READ: '1000000',
    KADU_RATE_LIMIT_WRITE: '1000000',
    KADU_RATE_LIMIT_RUN: '1000000',
    KADU_EXECUTION_POLL_MS: '100',
    KADU_EXECUTION_LEASE_MS: String(LEASE_MS),
    ...base,
  };
}

/** Throws when the build is missing: the suite runs `dist`, never `src`. */
export function assertBuilt(): void {
  if (!existsSync(KADU_DIST_MAIN)) throw new Error(`${KADU_DIST_MAIN} is missing: run npm run build first (npm run test:faults does)`);
}

/** Starts PostgreSQL, Redis, `replicaCount` replicas (started together, racing to migrate) and nginx in front of them. */
export async function startFaultWorld(replicaCount = 2): Promise<FaultWorld> {
  assertBuilt();
  const cluster = await startPostgresCluster({ maxConnections: MAX_CONNECTIONS });
  const filesDir = mkdtempSync(join(tmpdir(), 'kadu-faults-files-'));
  const replicas: Replica[] = [];
  let redis: FaultRedis | undefined;
  let nginx: TestNginx | undefined;
  const close = async () => {
    await Promise.all(replicas.map((replica) => stopReplica(replica)));
    await nginx?.stop();
    await redis?.stop();
    cluster.stop();
    rmSync(filesDir, { recursive: true, force: true });
  };
  try {
    await cluster.admin(`create role ${APP_ROLE} login`);
    await cluster.admin(`create database kadu owner ${APP_ROLE}`);
    redis = await startFaultRedis();
    const appUrl = cluster.serverUrl.replace('postgres://postgres@', `postgres://${APP_ROLE}@`) + '/kadu';
    const env = productionEnv({ DATABASE_URL: appUrl, KADU_REDIS_URL: redis.url, KADU_FILES_DIR: filesDir });
    const started = await Promise.allSettled(Array.from({ length: replicaCount }, (_, index) => startReplica(`r${index}`, env, undefined, KADU_DIST_MAIN)));
    for (const result of started) if (result.status === 'fulfilled') replicas.push(result.value);
    const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
    nginx = await startNginx(replicas.map((replica) => new URL(replica.baseUrl).host));
    const world: FaultWorld = {
      cluster,
      redis,
      replicas,
      nginx,
      env,
      adminUrl: cluster.urlOf('kadu'),
      restart: async (index) => {
        const port = Number(new URL(replicas[index].baseUrl).port);
        replicas[index] = await startReplica(replicas[index].name, env, port, KADU_DIST_MAIN);
        return replicas[index];
      },
      revive: async () => {
        const dead = replicas.map((replica, index) => ({ replica, index })).filter(({ replica }) => replica.exited);
        await Promise.all(dead.map(({ index }) => world.restart(index)));
        return dead.map(({ replica }) => replica.name);
      },
      close,
    };
    return world;
  } catch (error) {
    await close();
    throw error;
  }
}

/** SIGTERM, and SIGKILL when the replica has not exited in {@link STOP_TIMEOUT_MS}. */
export async function stopReplica(replica: Replica): Promise<void> {
  const hung = setTimeout(() => void replica.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await replica.kill('SIGTERM');
  clearTimeout(hung);
}

/** Runs `statement` on `url` with a connection of its own, closed after: no idle pool for a fault to break. */
export async function query<T extends Record<string, unknown>>(url: string, statement: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  // A server that goes away under the client must not end the test process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(statement, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function startFaultRedis(): Promise<FaultRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  let exit: Promise<void> = Promise.resolve();
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const current = child;
    exit = new Promise<void>((done) => current.once('exit', () => done()));
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(port))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`);
      await new Promise((done) => setTimeout(done, 50));
    }
  };
  const end = async (signal: NodeJS.Signals) => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exit;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

/** Whether a Redis answers PING on `port`, asked over a raw socket. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    const finish = (answer: boolean) => (socket.destroy(), done(answer));
    socket.setTimeout(1000, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => finish(data.toString().startsWith('+PONG')));
  });
}
