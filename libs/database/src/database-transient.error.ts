import { DatabaseMessages } from './database.messages';

/**
 * Which database errors are passing faults a client should simply retry
 * (answered 503 + `Retry-After`), as opposed to bugs or bad input. Two kinds:
 * the database is busy or unreachable (`unavailable`), or it cannot store
 * anything more (`storage`: a full disk, an I/O error), which the answer says
 * in words so an operator reading a client's report knows where to look.
 */

/** What kind of passing fault an error is: see {@link databaseFault}. */
export type DatabaseFaultKind = 'unavailable' | 'storage';

/** A recognised fault: its name, safe to log, and its kind. */
export interface DatabaseFault {
  /** The SQLite code, the SQLSTATE, the socket's error code, `POOL_TIMEOUT` or `CONNECTION_LOST`; never the message. */
  code: string;
  kind: DatabaseFaultKind;
}

/**
 * A lock held by another connection longer than `busy_timeout`: gone in a
 * moment. SQLite's extended codes (`SQLITE_BUSY_SNAPSHOT`, `SQLITE_LOCKED_SHAREDCACHE`)
 * are matched by their primary code.
 */
const SQLITE_UNAVAILABLE_PREFIXES = ['SQLITE_BUSY', 'SQLITE_LOCKED'];

/**
 * SQLite could not write: the disk (or `max_page_count`) is full, or the file
 * system failed a read or write (`SQLITE_IOERR_WRITE`, `SQLITE_IOERR_FSYNC`…).
 * SQLite has rolled the transaction back; writes work again once space is freed.
 */
const SQLITE_STORAGE_PREFIXES = ['SQLITE_FULL', 'SQLITE_IOERR'];

/**
 * PostgreSQL SQLSTATEs that a retry of the whole request can succeed after:
 * serialization failure, deadlock victim, lock not available (NOWAIT / lock_timeout),
 * a session ended for idling in a transaction, a statement cancelled by
 * `statement_timeout`, the server shutting down (admin, crash) or still starting.
 * Classes 08 (connection exception) and 53 (insufficient resources: too many
 * connections, out of memory) are matched as classes.
 */
const POSTGRES_UNAVAILABLE_CODES = new Set(['40001', '40P01', '55P03', '25P03', '57014', '57P01', '57P02', '57P03']);
const POSTGRES_UNAVAILABLE_CLASSES = ['08', '53'];

/** PostgreSQL's disk full (53100) and I/O error (58030): storage, before class 53 is read as unavailable. */
const POSTGRES_STORAGE_CODES = new Set(['53100', '58030']);

/**
 * The file system full under a write beside the database (an uploaded file,
 * an execution's output, usually on the same disk): the same answer as a full
 * database, rather than a 500.
 */
const FILE_SYSTEM_STORAGE_CODES = new Set(['ENOSPC', 'EDQUOT']);

/**
 * What the socket to PostgreSQL says when the server is down, restarting or
 * out of reach. A host that does not resolve (ENOTFOUND) is left out: that is
 * a wrong `DATABASE_URL` far more often than an outage.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * What pg-pool throws, without a code, when no connection frees up or opens
 * within `connectionTimeoutMillis`: the pool is busy, not broken.
 */
const POOL_TIMEOUT_MESSAGES = new Set(['timeout exceeded when trying to connect', 'Connection terminated due to connection timeout']);

/** What pg says, without a code, about a connection the server or the network ended under a query. */
const CONNECTION_LOST_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Query read timeout',
]);

/** How deep a wrapped error's `cause` is followed (the migrator and Kysely wrap once at most). */
const MAX_CAUSE_DEPTH = 3;

/**
 * `Retry-After` of an unavailable database, over MCP and REST alike: the lock
 * or the busy connection is usually gone within a second.
 */
export const TRANSIENT_DATABASE_RETRY_AFTER_SECONDS = 1;

/**
 * `Retry-After` of a storage fault: freeing space takes an operator, so a
 * client is asked to come back later than for a lock.
 */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

/** Whether `error` is a passing fault of SQLite or PostgreSQL (or of the PostgreSQL pool or socket). */
export function isTransientDatabaseError(error: unknown): boolean {
  return databaseFault(error) !== undefined;
}

/**
 * `McpAvailability.retryAfterOnError` for a host on this database layer.
 * @returns the seconds of `Retry-After` of a recognised fault, `undefined` for any other error (a real failure).
 */
export function retryAfterOnDatabaseError(error: unknown): number | undefined {
  const fault = databaseFault(error);
  if (fault === undefined) return undefined;
  return fault.kind === 'storage' ? STORAGE_RETRY_AFTER_SECONDS : TRANSIENT_DATABASE_RETRY_AFTER_SECONDS;
}

/**
 * `McpAvailability.messageOnError` for a host on this database layer: a full
 * or failing disk is said in words; any other fault keeps the usual message.
 */
export function messageOnDatabaseError(error: unknown): string | undefined {
  return databaseFault(error)?.kind === 'storage' ? DatabaseMessages.storageFull() : undefined;
}

/**
 * The name of a passing fault, safe to log (see {@link DatabaseFault.code});
 * `undefined` for any other error.
 */
export function transientDatabaseFault(error: unknown): string | undefined {
  return databaseFault(error)?.code;
}

/**
 * Recognises a passing fault in `error` or in the errors it wraps (`cause`).
 * @returns the fault, or `undefined` for a bug, bad input or anything unknown.
 */
export function databaseFault(error: unknown): DatabaseFault | undefined {
  let current = error;
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH && typeof current === 'object' && current !== null; depth++) {
    const fault = faultOf(current as { code?: unknown; message?: unknown });
    if (fault) return fault;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function faultOf({ code, message }: { code?: unknown; message?: unknown }): DatabaseFault | undefined {
  if (typeof code === 'string') return faultOfCode(code);
  if (typeof message !== 'string') return undefined;
  if (POOL_TIMEOUT_MESSAGES.has(message)) return { code: 'POOL_TIMEOUT', kind: 'unavailable' };
  return CONNECTION_LOST_MESSAGES.has(message) ? { code: 'CONNECTION_LOST', kind: 'unavailable' } : undefined;
}

function faultOfCode(code: string): DatabaseFault | undefined {
  if (code.startsWith('SQLITE_')) {
    if (SQLITE_STORAGE_PREFIXES.some((prefix) => code.startsWith(prefix))) return { code, kind: 'storage' };
    return SQLITE_UNAVAILABLE_PREFIXES.some((prefix) => code.startsWith(prefix)) ? { code, kind: 'unavailable' } : undefined;
  }
  if (SOCKET_CODES.has(code)) return { code, kind: 'unavailable' };
  if (FILE_SYSTEM_STORAGE_CODES.has(code)) return { code, kind: 'storage' };
  // A SQLSTATE has five characters; Node's own codes (`ERR_…`) never do.
  if (code.length !== 5) return undefined;
  if (POSTGRES_STORAGE_CODES.has(code)) return { code, kind: 'storage' };
  const unavailable = POSTGRES_UNAVAILABLE_CODES.has(code) || POSTGRES_UNAVAILABLE_CLASSES.includes(code.slice(0, 2));
  return unavailable ? { code, kind: 'unavailable' } : undefined;
}
