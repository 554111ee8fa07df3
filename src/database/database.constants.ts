/** Injection token of the application's `Kysely<KaduDatabase>`. */
export const KADU_DATABASE = Symbol('KaduDatabase');

/** Milliseconds a writer waits for another process's lock before SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;
