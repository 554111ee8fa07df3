/** What the database layer says to clients and to the log, in one place. */
export const DatabaseMessages = {
  /** The 503's `message`: names no engine, table or query, only what the client should do. */
  unavailable: () => 'Service temporarily unavailable: retry the request',
  /** The 503's `message` when the database cannot store anything more: the client learns it is not its request. */
  storageFull: () => 'Service temporarily unavailable: storage is full or failing, nothing was saved; retry the request later',
  /** The one warning per refused request: the fault's code and the route, never SQL, parameters or the query string. */
  transientFault: (fault: string, method: string, path: string, retryAfterSeconds: number) =>
    `Transient database fault ${fault} on ${method} ${path}: answered 503, Retry-After ${retryAfterSeconds}`,
  /** The warning of a refused write on a full or failing disk: the cause in the engine's words, for the operator to act on. */
  storageFault: (fault: string, method: string, path: string, retryAfterSeconds: number) =>
    `Storage fault ${fault} (${describeFault(fault)}) on ${method} ${path}: answered 503, Retry-After ${retryAfterSeconds}`,
  /** The first failure of a connection in an outage; the next ones are not logged until it ends. */
  connectionLost: (engine: string, fault: string) =>
    `${engine} connection lost (${fault}: ${describeFault(fault)}): the pool opens a new one at the next query`,
  /** The first connection that works again after {@link connectionLost}. */
  connectionRestored: (engine: string, suppressed: number) =>
    `${engine} connection restored${suppressed > 0 ? ` (${suppressed} more connection errors during the outage not logged)` : ''}`,
  /** Start-up, each failed attempt to reach the database. */
  waitingForDatabase: (fault: string, retryInMs: number, leftMs: number) =>
    `Waiting for the database (${fault}: ${describeFault(fault)}): next attempt in ${retryInMs} ms, giving up in ${leftMs} ms`,
  /** Start-up, once, while another replica builds indexes and migrates. */
  waitingForMigrations: () => 'Another replica is building indexes and migrating the database: waiting for it to finish',
  /** Start-up gave up. */
  databaseNeverAnswered: (timeoutMs: number, fault: string) =>
    `The database did not answer within ${timeoutMs} ms (DATABASE_STARTUP_TIMEOUT_MS); last fault ${fault}: ${describeFault(fault)}`,
  /** The first refused write of a storage outage: the operator frees space. */
  writesFail: (fault: string) => `Writes fail: ${fault} (${describeFault(fault)}); answering them 503 and readiness 'storage' down until a write succeeds`,
  /** The first write that succeeds after {@link writesFail}. */
  writesSucceed: () => 'Writes succeed again: storage recovered',
  /** The `storage` readiness check's refusal, until a write succeeds again. */
  storageFailing: (fault: string) => `writes fail: ${fault} (${describeFault(fault)})`,
} as const;

/**
 * The cause of a fault in words, from its code alone: a driver's message may
 * quote values or a connection string, so it never reaches the log.
 */
export function describeFault(code: string): string {
  if (code.startsWith('SQLITE_IOERR')) return 'disk I/O error';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'database is locked';
  if (code.startsWith('08')) return 'connection failure';
  return FAULT_WORDS[code] ?? "see the database server's log";
}

const FAULT_WORDS: Readonly<Record<string, string>> = {
  SQLITE_FULL: 'database or disk is full',
  '53100': 'disk full',
  '58030': 'I/O error',
  '53300': 'too many connections',
  '53200': 'out of memory',
  '57014': 'statement timeout or query canceled',
  '57P01': 'the server was shut down by its administrator',
  '57P02': 'the server crashed',
  '57P03': 'the server cannot accept connections yet',
  '40001': 'serialization failure',
  '40P01': 'deadlock',
  '55P03': 'lock not available',
  '25P03': 'idle in transaction for too long',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection broken',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EAI_AGAIN: 'name resolution failed for now',
  POOL_TIMEOUT: 'no pooled connection within the acquire timeout',
  CONNECTION_LOST: 'the connection ended under a query',
};
