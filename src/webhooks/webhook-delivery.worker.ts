import { Injectable, Logger, OnModuleDestroy, OnModuleInit, Optional } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Kysely, Selectable } from 'kysely';
import { PollingLoop, WorkerHealthRegistry } from '@kobana/database';
import { randomUUID } from 'node:crypto';
import { Subscription } from 'rxjs';
import { KaduConfig } from '../config/kadu-config.interface';
import { InjectDatabase } from '../database/inject-database.decorator';
import { KaduDatabase } from '../database/kadu-database.interface';
import { ExecutionEvents, ExecutionFinishedEvent } from '../executions/execution-events.service';
import { webhookRetryDelayMs } from './webhook-backoff.util';
import { WebhookSecretBox } from './webhook-secret-box.codec';
import { WebhookSender, WEBHOOK_TIMEOUT_MS } from './webhook.client';
import { signWebhookPayload, WEBHOOK_DELIVERY_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from './webhook-signature.codec';
import type { WebhookDeliveriesTable } from './webhook.table';

/** Deliveries taken per poll; each is sent concurrently, so one slow receiver does not hold the rest. */
const BATCH = 20;
/** While one replica sends, the row is hidden from others this long; if it dies, another retries after. */
const LEASE_MS = WEBHOOK_TIMEOUT_MS + 30_000;
/** The worker's name in `/readyz` and the `kobana.worker.*` metrics. */
export const WEBHOOK_WORKER_NAME = 'webhook-deliveries';

/**
 * Turns finished executions into deliveries and sends them. Deliveries are
 * rows (`next_attempt_at` is the schedule), so a retry survives a restart
 * and any replica may send it; a claim on the row makes each attempt happen
 * once. Every attempt is recorded, successful or not.
 */
@Injectable()
export class WebhookDeliveryWorker implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(WebhookDeliveryWorker.name);
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly pollMs: number;
  private readonly loop: PollingLoop;
  private subscription?: Subscription;
  private stopped = false;

  constructor(
    @InjectDatabase() private readonly db: Kysely<KaduDatabase>,
    private readonly events: ExecutionEvents,
    private readonly sender: WebhookSender,
    private readonly box: WebhookSecretBox,
    config: ConfigService<KaduConfig, true>,
    @Optional() health?: WorkerHealthRegistry,
  ) {
    this.maxAttempts = config.get('KADU_WEBHOOK_MAX_ATTEMPTS', { infer: true });
    this.backoffMs = config.get('KADU_WEBHOOK_BACKOFF_MS', { infer: true });
    this.pollMs = config.get('KADU_WEBHOOK_POLL_MS', { infer: true });
    // A failed poll (the database away) costs that poll; the next ones back off until one succeeds.
    this.loop = new PollingLoop(
      { name: WEBHOOK_WORKER_NAME, intervalMs: this.pollMs, failed: (reason) => `Webhook delivery loop failed: ${reason}`, logger: this.logger, health },
      () => this.poll(),
    );
  }

  onModuleInit(): void {
    // ExecutionEvents runs listeners in the emitter's call: enqueue must never throw there.
    this.subscription = this.events.finished$.subscribe((event) => {
      this.enqueue(event).catch((error: unknown) => this.fail('Could not queue webhook deliveries', error));
    });
    this.loop.start(this.pollMs);
  }

  /** Stops polling and waits for attempts in flight, so none writes to a closed database. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.subscription?.unsubscribe();
    await this.loop.stop();
  }

  /** One delivery per enabled endpoint of the organization subscribed to the event. */
  async enqueue(event: ExecutionFinishedEvent): Promise<void> {
    const endpoints = await this.db
      .selectFrom('webhook_endpoints')
      .select(['id', 'events'])
      .where('organization_id', '=', event.organization_id)
      .where('deleted_at', 'is', null)
      .where('enabled', '=', 1)
      .execute();
    const subscribed = endpoints.filter((endpoint) => (JSON.parse(endpoint.events) as string[]).includes('execution.finished'));
    if (subscribed.length === 0) return;
    const now = new Date().toISOString();
    const eventId = randomUUID();
    const payload = JSON.stringify({ id: eventId, type: 'execution.finished', created_at: now, data: { execution: event.execution } });
    await this.db
      .insertInto('webhook_deliveries')
      .values(
        subscribed.map((endpoint) => ({
          id: randomUUID(),
          organization_id: event.organization_id,
          endpoint_id: endpoint.id,
          event_id: eventId,
          event_type: 'execution.finished',
          payload,
          status: 'pending' as const,
          attempt_count: 0,
          next_attempt_at: now,
          last_status_code: null,
          replay_of: null,
          created_at: now,
          updated_at: now,
          completed_at: null,
        })),
      )
      .execute();
    this.kick();
  }

  /** Polls now rather than at the next tick: a new delivery should not wait a poll interval. */
  kick(): void {
    this.loop.kick();
  }

  /** Sends every due delivery, batch after batch, until none is due. */
  private async poll(): Promise<void> {
    while (!this.stopped) {
      const due = await this.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', new Date().toISOString())
        .orderBy('next_attempt_at')
        .limit(BATCH)
        .execute();
      if (due.length === 0) return;
      await Promise.all(due.map((delivery) => this.claimAndAttempt(delivery)));
    }
  }

  private async claimAndAttempt(delivery: Selectable<WebhookDeliveriesTable>): Promise<void> {
    const claimed = await this.db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: new Date(Date.now() + LEASE_MS).toISOString() })
      .where('id', '=', delivery.id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '=', delivery.next_attempt_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) await this.attempt(delivery);
  }

  /** One HTTP try, recorded; then success, the next try's time, or failure for good. */
  private async attempt(delivery: Selectable<WebhookDeliveriesTable>): Promise<void> {
    const endpoint = await this.db
      .selectFrom('webhook_endpoints')
      .select(['url', 'secret_ciphertext', 'enabled', 'deleted_at'])
      .where('organization_id', '=', delivery.organization_id)
      .where('id', '=', delivery.endpoint_id)
      .executeTakeFirst();
    const now = new Date();
    if (!endpoint || endpoint.deleted_at !== null || endpoint.enabled !== 1) {
      // Nothing is sent to an endpoint that was deleted or disabled after the event.
      await this.settle(delivery, 'failed', null, now);
      return;
    }
    const timestamp = Math.floor(now.getTime() / 1000);
    const outcome = await this.sender.send(endpoint.url, delivery.payload, {
      'Content-Type': 'application/json',
      'User-Agent': 'Kadu-Webhooks/1.0',
      [WEBHOOK_SIGNATURE_HEADER]: signWebhookPayload(this.box.open(endpoint.secret_ciphertext), delivery.payload, timestamp),
      [WEBHOOK_DELIVERY_ID_HEADER]: delivery.id,
    });
    const attempt = delivery.attempt_count + 1;
    await this.db
      .insertInto('webhook_delivery_attempts')
      .values({
        id: randomUUID(),
        delivery_id: delivery.id,
        organization_id: delivery.organization_id,
        attempt,
        status_code: outcome.status_code,
        duration_ms: outcome.duration_ms,
        error: outcome.error,
        created_at: now.toISOString(),
      })
      .execute();
    const updated = { ...delivery, attempt_count: attempt };
    if (outcome.error === null) return this.settle(updated, 'succeeded', outcome.status_code, new Date());
    if (attempt >= this.maxAttempts) return this.settle(updated, 'failed', outcome.status_code, new Date());
    await this.db
      .updateTable('webhook_deliveries')
      .set({
        attempt_count: attempt,
        last_status_code: outcome.status_code,
        next_attempt_at: new Date(Date.now() + webhookRetryDelayMs(attempt, this.backoffMs)).toISOString(),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', delivery.id)
      .execute();
  }

  private async settle(delivery: Selectable<WebhookDeliveriesTable>, status: 'succeeded' | 'failed', statusCode: number | null, at: Date): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({
        status,
        attempt_count: delivery.attempt_count,
        last_status_code: statusCode,
        next_attempt_at: null,
        updated_at: at.toISOString(),
        completed_at: at.toISOString(),
      })
      .where('id', '=', delivery.id)
      .execute();
  }

  /** During shutdown the database may already be closed; that is not worth an error line. */
  private fail(message: string, error: unknown): void {
    if (!this.stopped) this.logger.error(`${message}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
