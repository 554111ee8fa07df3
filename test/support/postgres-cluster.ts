/**
 * A throwaway PostgreSQL cluster for tests: `initdb` into a temporary
 * directory, `pg_ctl start` on a free loopback port (socket in the same
 * directory, so nothing touches /var/run), and `pg_ctl stop` + delete after.
 * PostgreSQL refuses to run as root; under root every command runs as the
 * Debian `postgres` user through `runuser`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from './free-port';

/** Where `.ci/run` (Debian 12, `apt-get install postgresql`) puts the server binaries. */
const BIN_ROOT = '/usr/lib/postgresql';
/** Memory-backed when the machine has it: CREATE DATABASE copies files, several times faster on tmpfs. */
const TMP_ROOT = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
/** Superuser created by `initdb`; trust authentication, loopback only. */
const SUPERUSER = 'postgres';

/** A running throwaway cluster. */
export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>`, without a database. */
  serverUrl: string;
  /** The URL of `database` on this cluster. */
  urlOf(database: string): string;
  /** Runs one statement on the `postgres` maintenance database (CREATE / DROP DATABASE). */
  admin(statement: string): Promise<void>;
  /** Stops the server (fast shutdown) and deletes its directory. */
  stop(): void;
  /** `pg_ctl restart -m fast`: every session is ended (57P01), the server is back on the same port. */
  restart(): void;
  /** `pg_ctl stop -m fast`, keeping the data: the port refuses connections until {@link start}. */
  halt(): void;
  /** Starts a halted server again on the same port. */
  start(): void;
  /** The server's processes, the postmaster first: what a freeze (SIGSTOP) must reach. */
  pids(): number[];
}

/** What a test may set on the server. */
export interface PostgresClusterOptions {
  /** @default 300 */
  maxConnections?: number;
}

/** The server binaries' directory (the highest installed major version), or `undefined` when none is installed. */
export function postgresBinDir(): string | undefined {
  if (!existsSync(BIN_ROOT)) return undefined;
  const versions = readdirSync(BIN_ROOT)
    .filter((name) => existsSync(join(BIN_ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(BIN_ROOT, versions[0], 'bin') : undefined;
}

/**
 * Creates and starts a cluster. Durability is off (`fsync`, full-page writes,
 * synchronous commit): the data dies with the test anyway. The `C` locale
 * makes text order bytewise, as in SQLite.
 *
 * @throws Error when PostgreSQL is not installed or does not start in time.
 */
export async function startPostgresCluster(options: PostgresClusterOptions = {}): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(`PostgreSQL is not installed under ${BIN_ROOT} (apt-get install postgresql)`);
  const dir = mkdtempSync(join(TMP_ROOT, 'kadu-pg-'));
  const data = join(dir, 'data');
  const asOwner = ownerOf(dir);
  const run = (command: string, args: string[]) => {
    const [file, argv] = asOwner ? ['runuser', ['-u', asOwner, '--', join(bin, command), ...args]] : [join(bin, command), args];
    execFileSync(file, argv, { stdio: 'pipe', timeout: 60_000 });
  };
  try {
    run('initdb', ['-D', data, '-U', SUPERUSER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
    const port = await freePort();
    const settings = [
      `-c listen_addresses=127.0.0.1`,
      `-p ${port}`,
      `-k ${dir}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      `-c max_connections=${options.maxConnections ?? 300}`,
    ].join(' ');
    const start = () => run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', settings, '-w', '-t', '30', 'start']);
    const halt = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
    start();
    const serverUrl = `postgres://${SUPERUSER}@127.0.0.1:${port}`;
    return {
      serverUrl,
      urlOf: (database) => `${serverUrl}/${encodeURIComponent(database)}`,
      admin: (statement) => runMaintenance(serverUrl, statement),
      pids: () => {
        const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
        const children = spawnSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' }).stdout;
        return [
          postmaster,
          ...children
            .split('\n')
            .filter((line) => line.trim() !== '')
            .map(Number),
        ];
      },
      restart: () => run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', settings, '-m', 'fast', '-w', '-t', '30', 'restart']),
      halt,
      start,
      stop: () => {
        try {
          run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`The test PostgreSQL did not start: ${(error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message}`, {
      cause: error,
    });
  }
}

/** Runs one statement on the `postgres` maintenance database of the server at `serverUrl`. */
export async function runMaintenance(serverUrl: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Under root, hands `dir` to the `postgres` user and returns that user's name; otherwise runs as ourselves. */
function ownerOf(dir: string): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const ids = spawnSync('id', ['-u', SUPERUSER], { encoding: 'utf8' });
  if (ids.status !== 0) throw new Error('Running as root needs the `postgres` user (created by the Debian package) to run PostgreSQL');
  const uid = Number(ids.stdout.trim());
  const gid = Number(spawnSync('id', ['-g', SUPERUSER], { encoding: 'utf8' }).stdout.trim());
  chownSync(dir, uid, gid);
  return SUPERUSER;
}
