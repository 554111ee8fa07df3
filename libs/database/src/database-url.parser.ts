import { isAbsolute, resolve } from 'node:path';

/** Where an SQLite database lives, as read from `DATABASE_URL`. */
export interface SqliteLocation {
  dialect: 'sqlite';
  /** An absolute file path, or `':memory:'`. */
  filename: string;
}

/** A PostgreSQL server and database, as read from `DATABASE_URL`. */
export interface PostgresLocation {
  dialect: 'postgres';
  /** The URL as given, handed to `pg` unchanged (it may hold a password). */
  connectionString: string;
  /** `user@host:port/database`, for logs: never the password. */
  safeName: string;
}

/** Every dialect this library can open. */
export type DatabaseLocation = SqliteLocation | PostgresLocation;

/**
 * Reads `DATABASE_URL`. Accepted: `sqlite:<path>`, `sqlite://<path>`,
 * `sqlite::memory:`, `file:<path>`, `file://<path>`, and
 * `postgres://…` / `postgresql://…` (libpq URL form). Relative SQLite paths
 * are resolved against `cwd`, so every later read sees the same absolute file.
 *
 * @throws Error naming the accepted forms when the URL is not one of them.
 */
export function parseDatabaseUrl(url: string, cwd: string = process.cwd()): DatabaseLocation {
  if (/^postgres(ql)?:/i.test(url.trim())) return parsePostgresUrl(url.trim());
  const match = /^(sqlite|file):(?:\/\/)?(.*)$/i.exec(url.trim());
  if (!match) throw new Error('DATABASE_URL must be sqlite:<path>, sqlite::memory:, file:<path> or postgres://<host>/<database>');
  const path = decodeURIComponent(match[2]);
  if (path === '') throw new Error('DATABASE_URL names no file');
  if (path === ':memory:') return { dialect: 'sqlite', filename: ':memory:' };
  return { dialect: 'sqlite', filename: isAbsolute(path) ? path : resolve(cwd, path) };
}

/** Where the data lives, for logs and the start-up banner (never a credential). */
export function describeDatabase(location: DatabaseLocation): string {
  return location.dialect === 'sqlite' ? `sqlite ${location.filename}` : `postgres ${location.safeName}`;
}

function parsePostgresUrl(url: string): PostgresLocation {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // The URL may hold a password: never echo it.
    throw new Error('DATABASE_URL is not a valid postgres:// URL');
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (parsed.hostname === '' || database === '') throw new Error('DATABASE_URL must name a host and a database: postgres://<user>@<host>:<port>/<database>');
  const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
  return { dialect: 'postgres', connectionString: url, safeName: `${user}${parsed.host}/${database}` };
}
