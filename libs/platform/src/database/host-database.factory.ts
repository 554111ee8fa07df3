import { DatabaseOptions, openDatabase, OpenedDatabase } from '@kobana/database';
import type { HostDescriptor } from '../host-descriptor.interface';
import { hostMigrations } from './host.migration';

/**
 * Opens the database `databaseUrl` names (SQLite or PostgreSQL, see
 * `openDatabase`) and brings it up to date with every migration of `host`.
 * `options` bound its waits (the `DATABASE_*_MS` settings; defaults when left out).
 * The caller owns it and must `destroy()` it.
 */
export function openHostDatabase<Database>(
  host: Pick<HostDescriptor, 'migrations' | 'people'>,
  databaseUrl: string,
  options: Partial<DatabaseOptions> = {},
): Promise<OpenedDatabase<Database>> {
  return openDatabase<Database>(databaseUrl, hostMigrations(host), options);
}
