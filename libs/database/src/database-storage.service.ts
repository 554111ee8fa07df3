import { Logger } from '@nestjs/common';
import { Kysely, LogEvent, sql } from 'kysely';
import { databaseFault } from './database-transient.error';
import { DatabaseMessages } from './database.messages';

/**
 * The statement whose success shows the database stores again: an insert
 * needs room. An update or delete may succeed while touching nothing (the
 * worker's claim of an empty queue), so it proves nothing. Only an insert
 * outside a transaction counts: inside one, the row may sit in memory until
 * the commit fails for want of room.
 */
const INSERT_NODE = 'InsertQueryNode';
/** How Kysely opens a transaction (`begin`, or `start transaction …` with an isolation level) and ends one. */
const BEGIN = /^\s*(begin|start transaction)\b/i;
const END = /^\s*(commit|rollback)\s*$/i;

/**
 * While writes fail, the readiness probe tries one real write this often at
 * most: a replica that readiness took out of rotation receives no writes
 * that could show it recovered, so it must find out by itself.
 */
export const STORAGE_PROBE_INTERVAL_MS = 5000;

/** Each open database's tracker, found from the instance as `dialectOf` finds its dialect. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any host database
const trackers = new WeakMap<Kysely<any>, DatabaseStorageService>();

/**
 * Whether the database can store: the last storage fault (a full disk, an
 * I/O error, see {@link databaseFault}) until a write succeeds again. Fed by
 * Kysely's `log` hook, so it costs nothing per probe and no write while all
 * is well. The first failure of an outage is logged as an error naming the
 * cause in the engine's words; the recovery once.
 */
export class DatabaseStorageService {
  private failure?: string;
  private lastProbe = 0;
  /** Transactions open, across the pool's connections: more than the true count at worst, which only delays a recovery to the probe. */
  private openTransactions = 0;

  // Not 'Database': the host's logger moves that context's info lines (start-up narration) to debug, and the recovery must show.
  constructor(private readonly logger = new Logger('DatabaseStorage')) {}

  /** The tracker `openDatabase` attached to `db`, if any. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any host database
  static of(db: Kysely<any>): DatabaseStorageService | undefined {
    return trackers.get(db);
  }

  /** Makes this the tracker of `db`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any host database
  attach(db: Kysely<any>): void {
    trackers.set(db, this);
  }

  /** The code of the storage fault writes fail with, `undefined` while they succeed. */
  get failing(): string | undefined {
    return this.failure;
  }

  /** Kysely's `log` hook: every query, once done. */
  observe(event: LogEvent): void {
    if (event.level === 'error') {
      const fault = databaseFault(event.error);
      if (fault?.kind === 'storage') this.failed(fault.code);
      return;
    }
    const text = event.query.sql;
    if (BEGIN.test(text)) this.openTransactions++;
    else if (END.test(text)) this.openTransactions = Math.max(0, this.openTransactions - 1);
    else if (this.failure !== undefined && this.openTransactions === 0 && event.query.query.kind === INSERT_NODE) this.succeeded();
  }

  /**
   * The storage fault, after a real write tried at most every
   * {@link STORAGE_PROBE_INTERVAL_MS} while writes fail: a table created and
   * dropped in one committed transaction, which needs a new page and a commit.
   * @returns the fault's code, or `undefined` once the write succeeded.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any host database; the probe names its own table
  async probe(db: Kysely<any>, now = Date.now()): Promise<string | undefined> {
    if (this.failure === undefined || now - this.lastProbe < STORAGE_PROBE_INTERVAL_MS) return this.failure;
    this.lastProbe = now;
    const table = sql.table(`kobana_storage_probe_${Math.random().toString(36).slice(2, 10)}`);
    try {
      await db.transaction().execute(async (trx) => {
        await sql`create table ${table} (id integer)`.execute(trx);
        await sql`drop table ${table}`.execute(trx);
      });
      this.succeeded();
    } catch (error) {
      const fault = databaseFault(error);
      if (fault?.kind === 'storage') this.failure = fault.code;
    }
    return this.failure;
  }

  private failed(code: string): void {
    if (this.failure === undefined) this.logger.error(DatabaseMessages.writesFail(code));
    this.failure = code;
  }

  private succeeded(): void {
    if (this.failure === undefined) return;
    this.failure = undefined;
    this.logger.log(DatabaseMessages.writesSucceed());
  }
}
