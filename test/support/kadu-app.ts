/**
 * Starts the real Kadu application for e2e specs: the same `createKaduApp()`
 * as `main.ts`, a fresh database per application (an SQLite file, or a
 * PostgreSQL database under `KADU_TEST_DATABASE=postgres`), a loopback port,
 * and a helper to mint tokens.
 */
import { LogLevel } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Kysely } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MCP_PATH } from '../../src/app.constants';
import { KaduDatabase } from '../../src/database/kadu-database.interface';
import { CreateTokenOptions, IdentityService } from '@kobana/identity';
import { KaduRole } from '../../src/identity/kadu-identity.constants';
import { createPostgresTestDatabase, testsOnPostgres } from './migrated-test.database';
import { freePort } from './free-port';
import { HOST_DATABASE as KADU_DATABASE, createHostApp } from '@kobana/platform';
import type { HostDescriptor } from '@kobana/platform';
import { KADU } from '../../src/kadu.host';
import type { NestApplicationOptions } from '@nestjs/common';

const createKaduApp = (options?: NestApplicationOptions, host: HostDescriptor = KADU) => createHostApp(host, options);

/** Options of {@link startKadu}. */
export interface StartKaduOptions {
  /** Use this database instead of a fresh one, e.g. a second replica on the first one's `databaseUrl`. */
  databaseUrl?: string;
  /** More environment for this application only (`KADU_SIGNING_SECRET`, …). */
  env?: Record<string, string>;
  /** Nest log levels. @default ['error', 'warn'] */
  logger?: LogLevel[] | false;
  /** Kadu's descriptor with changes (its own `people`, say). @default KADU */
  host?: HostDescriptor;
}

/** Options of {@link KaduTestApp.token}: those of `IdentityService.createToken`. */
export type TestTokenOptions = Omit<CreateTokenOptions, 'organization' | 'role'>;

/** A running Kadu. */
export interface KaduTestApp {
  app: NestExpressApplication;
  /** `http://127.0.0.1:<port>`, also the application's `PUBLIC_URL`. */
  baseUrl: string;
  /** `<baseUrl>/mcp`. */
  mcpUrl: string;
  /** Pass it to another `startKadu()` to run a second replica on the same data. */
  databaseUrl: string;
  identity: IdentityService;
  db: Kysely<KaduDatabase>;
  /** Mints a token (MCP unless `options.audience` says otherwise), creating the organization and user when missing. */
  token(organization: string, role: KaduRole, options?: TestTokenOptions): Promise<string>;
  /** Closes the application and deletes the database it created. */
  close(): Promise<void>;
}

/**
 * Files directory of each PostgreSQL test database, so a second replica
 * started on the first one's `databaseUrl` shares its files as it would
 * beside an SQLite file.
 */
const sharedFilesDirs = new Map<string, string>();

/**
 * Starts Kadu on 127.0.0.1. The port is chosen before the application is
 * created, because `PUBLIC_URL` (challenges, OAuth metadata, Origin checks)
 * must name the port clients actually use.
 */
export async function startKadu(options: StartKaduOptions = {}): Promise<KaduTestApp> {
  const dataDir = options.databaseUrl ? undefined : mkdtempSync(join(tmpdir(), 'kadu-test-'));
  const postgres = !options.databaseUrl && testsOnPostgres() ? await createPostgresTestDatabase().catch(removeDir(dataDir)) : undefined;
  const databaseUrl = options.databaseUrl ?? postgres?.url ?? `sqlite:${join(dataDir!, 'kadu.sqlite')}`;
  const removeData = async () => {
    await postgres?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  // KADU_FILES_DIR defaults beside an SQLite file only; on PostgreSQL the files go to the temporary directory.
  if (postgres) sharedFilesDirs.set(databaseUrl, join(dataDir!, 'files'));
  const filesDir = sharedFilesDirs.get(databaseUrl);
  const filesEnv: Record<string, string> = filesDir ? { KADU_FILES_DIR: filesDir } : {};
  try {
    const { app, port } = await listenOnFreePort(databaseUrl, { ...options, env: { ...filesEnv, ...options.env } });
    const baseUrl = `http://127.0.0.1:${port}`;
    const identity = app.get(IdentityService);
    return {
      app,
      baseUrl,
      mcpUrl: `${baseUrl}${MCP_PATH}`,
      databaseUrl,
      identity,
      db: app.get<Kysely<KaduDatabase>>(KADU_DATABASE),
      token: async (organization, role, tokenOptions = {}) => (await identity.createToken({ ...tokenOptions, organization, role })).token,
      close: async () => {
        await app.close();
        if (postgres) sharedFilesDirs.delete(databaseUrl);
        await removeData();
      },
    };
  } catch (error) {
    await removeData();
    throw error;
  }
}

/** Deletes `dir` (when any), then rethrows: the cleanup of a failed start. */
function removeDir(dir: string | undefined): (error: unknown) => never {
  return (error) => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    throw error;
  };
}

/** Another process may take the port between the probe and `listen`; then start over on a new one. */
async function listenOnFreePort(databaseUrl: string, options: StartKaduOptions): Promise<{ app: NestExpressApplication; port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      KADU_DEMO: 'false',
      ...options.env,
    };
    const app = await withEnv(env, async () => {
      const created = await createKaduApp({ logger: options.logger ?? ['error', 'warn'] }, options.host);
      await created.init();
      return created;
    });
    try {
      await app.listen(port, '127.0.0.1');
      return { app, port };
    } catch (error) {
      await app.close();
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 3) throw error;
    }
  }
}

let envLock: Promise<unknown> = Promise.resolve();

/**
 * Runs `fn` with `env` laid over `process.env`, one call at a time: Kadu reads
 * its configuration from the environment while it is created, and two
 * applications created concurrently must not see each other's database.
 */
function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const run = envLock.then(async () => {
    const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
    Object.assign(process.env, env);
    try {
      return await fn();
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
  envLock = run.catch(() => undefined);
  return run;
}
