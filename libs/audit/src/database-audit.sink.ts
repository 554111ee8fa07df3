import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Kysely } from 'kysely';
import type { McpAuditEvent, McpAuditSink } from '@kobana/mcp';
import { AUDIT_DATABASE, AuditDatabase } from './audit-host';
import { AUDIT_TRAIL_SETTINGS, AuditTrailSettings } from './audit-trail.settings';
import { AuditEventsTable } from './audit.tables';
import { AuditMessages } from './audit.messages';

interface Pending {
  row: AuditEventsTable;
  settle: (error?: unknown) => void;
}

/**
 * The MCP module's audit sink, in the host's database. `write` only queues
 * the event: rows are inserted a batch at a time on the next turn of the
 * event loop, so an answer never waits for the table. Each write's promise
 * settles with its batch, so the MCP module counts every lost event. The
 * queue is bounded: a database that stays away costs memory up to
 * `maxPending` events, then writes fail at once.
 */
@Injectable()
export class DatabaseAuditSink implements McpAuditSink, OnApplicationShutdown {
  private queue: Pending[] = [];
  private flushing?: Promise<void>;

  constructor(
    @Inject(AUDIT_DATABASE) private readonly db: Kysely<AuditDatabase>,
    @Inject(AUDIT_TRAIL_SETTINGS) private readonly settings: AuditTrailSettings,
  ) {}

  write(event: McpAuditEvent): Promise<void> {
    if (this.queue.length >= this.settings.maxPending) return Promise.reject(new Error(AuditMessages.queueFull(this.settings.maxPending)));
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ row: toRow(event), settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.flushing) this.flushing = new Promise<void>((done) => setImmediate(() => void this.flush().finally(done)));
    });
  }

  /** Writes what is queued, then resolves; used at shutdown and by tests that read the table. */
  async drain(): Promise<void> {
    while (this.flushing || this.queue.length > 0) await (this.flushing ?? this.flush());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.drain().catch(() => undefined);
  }

  private async flush(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.settings.batchSize);
        try {
          await this.db
            .insertInto('audit_events')
            .values(batch.map((item) => item.row))
            .execute();
          for (const item of batch) item.settle();
        } catch (error) {
          for (const item of batch) item.settle(error ?? new Error('insert failed'));
        }
      }
    } finally {
      this.flushing = undefined;
    }
  }
}

/** The event as a row: the two objects as JSON text. */
export function toRow(event: McpAuditEvent): AuditEventsTable {
  return {
    ...event,
    client_info: event.client_info === null ? null : JSON.stringify(event.client_info),
    arguments: event.arguments === null ? null : JSON.stringify(event.arguments),
  };
}
