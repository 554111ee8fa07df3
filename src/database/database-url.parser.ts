import { isAbsolute, resolve } from 'node:path';

/** Where an SQLite database lives, as read from `DATABASE_URL`. */
export interface SqliteLocation {
  dialect: 'sqlite';
  /** An absolute file path, or `':memory:'`. */
  filename: string;
}

/** Every dialect Kadu can open; PostgreSQL will add its own member. */
export type DatabaseLocation = SqliteLocation;

/**
 * Reads `DATABASE_URL`. Accepted: `sqlite:<path>`, `sqlite://<path>`,
 * `sqlite::memory:`, `file:<path>` and `file://<path>`. Relative paths are
 * resolved against `cwd`, so every later read sees the same absolute file.
 *
 * @throws Error naming the accepted forms when the URL is not one of them.
 */
export function parseDatabaseUrl(url: string, cwd: string = process.cwd()): DatabaseLocation {
  const match = /^(sqlite|file):(?:\/\/)?(.*)$/i.exec(url.trim());
  if (!match) {
    if (/^postgres(ql)?:/i.test(url)) {
      throw new Error('DATABASE_URL: PostgreSQL is not supported yet; use sqlite:<path>');
    }
    throw new Error('DATABASE_URL must be sqlite:<path>, sqlite::memory: or file:<path>');
  }
  const path = decodeURIComponent(match[2]);
  if (path === '') throw new Error('DATABASE_URL names no file');
  if (path === ':memory:') return { dialect: 'sqlite', filename: ':memory:' };
  return { dialect: 'sqlite', filename: isAbsolute(path) ? path : resolve(cwd, path) };
}

/** Where the data lives, for logs and the start-up banner (never a credential). */
export function describeDatabase(location: DatabaseLocation): string {
  return `${location.dialect} ${location.filename}`;
}
