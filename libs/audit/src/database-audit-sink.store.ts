import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { BatchObservableCallback, Counter, metrics, ObservableGauge, ValueType } from '@opentelemetry/api';
import { CompiledQuery, Kysely } from 'kysely';
import { pollingBackoffMs } from '@kobana/database';
import type { McpAuditEvent, McpAuditSink } from '@kobana/mcp';
import { AUDIT_DATABASE, AuditDatabase } from './audit-host.table';
import { AUDIT_TRAIL_SETTINGS, AuditTrailSettings } from './audit-trail.options';
import { AuditEventsTable } from './audit.table';
import { AuditMessages } from './audit.messages';
import type { AuditOAuthRecord } from './audit-oauth.constants';
import { AUDIT_EVENT_COLUMNS, oauthRow, PLACEHOLDER_ROW, toRow } from './audit-event-row.util';
import { AUDIT_METRIC, AUDIT_RETRY_BASE_MS, AUDIT_RETRY_MAX_MS } from './audit-sink.constants';

interface Pending {
  row: AuditEventsTable;
  settle: (error?: unknown) => void;
}

/**
 * The MCP module's audit sink, in the host's database. `write` only queues
 * the event: rows are inserted a batch at a time, once `flushDelayMs` has
 * passed since the first of them was queued (or the batch is full), so an
 * answer never waits for the table and one commit carries many events. Each
 * write's promise settles with its batch, so the MCP module counts every
 * lost event.
 *
 * A batch the database fails to take for a reason of its own (away, full,
 * read-only, a permission revoked, a connection refused) stays at the head
 * of the queue and is tried again, with backoff, until the database takes it:
 * a transient fault delays events, it does not lose them. Only a batch whose
 * rows are refused (a constraint) fails at once. The queue is bounded: an
 * outage costs memory up to `maxPending` events; past that, each new event is
 * dropped, counted in `kobana.audit.events_dropped`, and the number is logged
 * once the database takes events again.
 */
@Injectable()
export class DatabaseAuditSink implements McpAuditSink, BeforeApplicationShutdown {
  private readonly logger = new Logger(DatabaseAuditSink.name);
  private queue: Pending[] = [];
  /** Failed attempts in a row at the batch at the head of the queue. */
  private failures = 0;
  /** Events dropped since the outage began. */
  private dropped = 0;
  private retry?: NodeJS.Timeout;
  private readonly droppedCounter: Counter;
  private readonly pendingGauge: ObservableGauge;
  private readonly observe: BatchObservableCallback;
  private flushing?: Promise<void>;
  /** The flush to come: a timer while the first queued event waits for others, an immediate once a batch is full. */
  private scheduled?: { timer: NodeJS.Timeout; waiting: true } | { timer: NodeJS.Immediate; waiting: false };
  /**
   * The INSERT's SQL text by number of rows, built by Kysely once: building
   * it (parsing every row's 21 values into nodes, then compiling them) cost
   * more than running it. Batches run from 1 to `batchSize` rows, so at most
   * that many texts; each is prepared once by the host's statement cache.
   */
  private readonly insertSql = new Map<number, string>();

  constructor(
    @Inject(AUDIT_DATABASE) private readonly db: Kysely<AuditDatabase>,
    @Inject(AUDIT_TRAIL_SETTINGS) private readonly settings: AuditTrailSettings,
  ) {
    const meter = metrics.getMeter(AUDIT_METRIC.meter);
    this.droppedCounter = meter.createCounter(AUDIT_METRIC.dropped, {
      description: 'Audit events dropped because the queue waiting for the database was full.',
      unit: '{event}',
      valueType: ValueType.INT,
    });
    this.pendingGauge = meter.createObservableGauge(AUDIT_METRIC.pending, {
      description: 'Audit events waiting to be written to the database.',
      unit: '{event}',
      valueType: ValueType.INT,
    });
    this.observe = (result) => result.observe(this.pendingGauge, this.queue.length);
    meter.addBatchObservableCallback(this.observe, [this.pendingGauge]);
  }

  write(event: McpAuditEvent): Promise<void> {
    return this.enqueue(toRow(event));
  }

  private enqueue(row: AuditEventsTable): Promise<void> {
    if (this.queue.length >= this.settings.maxPending) {
      if (this.dropped++ === 0) this.logger.error(AuditMessages.droppingEvents(this.settings.maxPending));
      this.droppedCounter.add(1);
      return Promise.reject(new Error(AuditMessages.queueFull(this.settings.maxPending)));
    }
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ row, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      this.schedule();
    });
  }

  /** Queues an authorization-server event (the OAuth library's `OAuthAuditSink`), in the same batches as the MCP endpoint's. */
  recordOAuth(event: AuditOAuthRecord): Promise<void> {
    return this.enqueue(oauthRow(event));
  }

  /**
   * Writes what is queued now, then resolves; used at shutdown and by tests
   * that read the table. One attempt per batch: a batch the database still
   * refuses fails (its events are lost) rather than holding shutdown.
   */
  async drain(): Promise<void> {
    this.unschedule();
    clearTimeout(this.retry);
    this.retry = undefined;
    while (this.flushing || this.queue.length > 0) await (this.flushing ?? this.startFlush(true));
  }

  /**
   * Drains before the last phase of shutdown: the host's database closes in
   * `onApplicationShutdown`, after every module has stopped its work, so the
   * events of the last requests and workers are written while it is open.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.drain().catch(() => undefined);
    metrics.getMeter(AUDIT_METRIC.meter).removeBatchObservableCallback(this.observe, [this.pendingGauge]);
  }

  /** Plans the flush of what is queued; a flush under way takes in what is queued meanwhile, and a retry planned waits for its time. */
  private schedule(): void {
    if (this.flushing || this.retry) return;
    const full = this.queue.length >= this.settings.batchSize || this.settings.flushDelayMs <= 0;
    if (this.scheduled && (this.scheduled.waiting === false || !full)) return;
    this.unschedule();
    if (full) {
      this.scheduled = { timer: setImmediate(() => void this.startFlush()), waiting: false };
    } else {
      // Not unref'd: a caller awaiting its write must not see the process end first.
      this.scheduled = { timer: setTimeout(() => void this.startFlush(), this.settings.flushDelayMs), waiting: true };
    }
  }

  private unschedule(): void {
    if (!this.scheduled) return;
    if (this.scheduled.waiting) clearTimeout(this.scheduled.timer);
    else clearImmediate(this.scheduled.timer);
    this.scheduled = undefined;
  }

  private startFlush(lastAttempt = false): Promise<void> {
    this.scheduled = undefined;
    // A retry planned by a flush that failed while `drain()` waited for it: this flush is the retry.
    clearTimeout(this.retry);
    this.retry = undefined;
    // Only with rows to write: an empty flush would settle (and clear `flushing`) before it is kept.
    if (!this.flushing && this.queue.length > 0) this.flushing = this.flush(lastAttempt);
    return this.flushing ?? Promise.resolve();
  }

  /**
   * Writes the queue a batch at a time from its head. A batch stays at the
   * head until it is written (events queued meanwhile join the tail), so a
   * retry writes the events in the order they came.
   */
  private async flush(lastAttempt: boolean): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.slice(0, this.settings.batchSize);
        try {
          await this.db.executeQuery(this.insertOf(batch));
        } catch (error) {
          if (!lastAttempt && !refusesTheRows(error)) return this.holdAfter(error);
          this.queue.splice(0, batch.length);
          for (const item of batch) item.settle(error ?? new Error('insert failed'));
          continue;
        }
        this.queue.splice(0, batch.length);
        for (const item of batch) item.settle();
        this.recovered();
      }
    } finally {
      this.flushing = undefined;
    }
  }

  /** The database did not take a batch: keep it, and try again after a pause that grows while it stays away. */
  private holdAfter(error: unknown): void {
    if (this.failures++ === 0) {
      this.logger.warn(AuditMessages.holdingEvents(error instanceof Error ? error.message : String(error), this.settings.maxPending));
    }
    // Unref'd: a process ending with the database away loses its queue either way (shutdown drains it once).
    this.retry = setTimeout(() => void this.startFlush(), pollingBackoffMs(this.failures, AUDIT_RETRY_BASE_MS, AUDIT_RETRY_MAX_MS)).unref();
  }

  /** A batch was written: an outage, if there was one, is over. */
  private recovered(): void {
    if (this.failures === 0 && this.dropped === 0) return;
    this.logger.log(AuditMessages.writingAgain(this.failures, this.dropped));
    this.failures = 0;
    this.dropped = 0;
  }

  /** The batch's INSERT: the SQL text for its number of rows, with the rows' values in column order. */
  private insertOf(batch: Pending[]): CompiledQuery {
    let sql = this.insertSql.get(batch.length);
    if (sql === undefined) {
      sql = this.db
        .insertInto('audit_events')
        .values(batch.map(() => PLACEHOLDER_ROW))
        .compile().sql;
      this.insertSql.set(batch.length, sql);
    }
    const parameters: unknown[] = [];
    for (const { row } of batch) for (const column of AUDIT_EVENT_COLUMNS) parameters.push(row[column]);
    return CompiledQuery.raw(sql, parameters);
  }
}

/**
 * Whether the database refused the batch for its rows (a constraint, a value
 * out of range), which no retry changes: SQLite's `SQLITE_CONSTRAINT*`,
 * PostgreSQL's classes 22 (data exception) and 23 (integrity constraint).
 * Any other failure is the database's, and passes.
 */
function refusesTheRows(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string') return false;
  return code.startsWith('SQLITE_CONSTRAINT') || code.startsWith('SQLITE_MISMATCH') || /^2[23][0-9A-Z]{3}$/.test(code);
}
