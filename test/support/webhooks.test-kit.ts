/**
 * Shared by the unit specs of webhooks: a migrated in-memory database and
 * the services wired over it, with a sender whose answers the spec scripts.
 * Not a spec itself.
 */
import { ConfigService } from '@nestjs/config';
import { Kysely } from 'kysely';
import type { McpCaller } from '@kobana/mcp';
import { openTestDatabase } from './test-database';
import { IdempotencyService } from '@kobana/idempotency';
import { KaduConfig } from '../../src/config/kadu-config.interface';
import { KaduDatabase } from '../../src/database/kadu-database.interface';
import { ExecutionEvents } from '../../src/executions/execution-events.service';
import { SecretsService } from '@kobana/host-kit';
import { KADU_SECRETS_OPTIONS } from '../../src/secrets/secrets.constants';
import { WebhookDeliveriesService } from '../../src/webhooks/webhook-deliveries.service';
import { WebhookDeliveryWorker } from '../../src/webhooks/webhook-delivery.worker';
import { WebhookEndpointsService } from '../../src/webhooks/webhook-endpoints.service';
import { WebhookUrlValidator } from '../../src/webhooks/webhook-url-validator.service';
import { WebhookSecretBox } from '../../src/webhooks/webhook-secret-box.codec';
import { WebhookAttemptOutcome, WebhookSender } from '../../src/webhooks/webhook.client';

/** What the fake sender saw: one entry per attempt. */
export interface SentRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** Everything a webhooks spec needs; `close()` it after. */
export interface WebhooksKit {
  db: Kysely<KaduDatabase>;
  events: ExecutionEvents;
  endpoints: WebhookEndpointsService;
  deliveries: WebhookDeliveriesService;
  worker: WebhookDeliveryWorker;
  box: WebhookSecretBox;
  sent: SentRequest[];
  /** Answers of the next attempts, in order; a 200 once they run out. */
  script: Array<Partial<WebhookAttemptOutcome>>;
  caller(slug: string, role?: string): Promise<McpCaller>;
  close(): Promise<void>;
}

/** Builds a {@link WebhooksKit}; `env` overrides the configuration (3 attempts, 20 ms backoff, 10 ms poll). */
export async function openWebhooksKit(env: Partial<KaduConfig> = {}): Promise<WebhooksKit> {
  const db = await openTestDatabase();
  const config = new ConfigService({
    KADU_SIGNING_SECRET: 'x'.repeat(40),
    KADU_ENCRYPTION_KEY: 'y'.repeat(40),
    KADU_WEBHOOKS_ALLOW_PRIVATE: true,
    KADU_WEBHOOK_MAX_ATTEMPTS: 3,
    KADU_WEBHOOK_BACKOFF_MS: 20,
    KADU_WEBHOOK_POLL_MS: 10,
    ...env,
  }) as ConfigService<KaduConfig, true>;
  const secrets = new SecretsService(db, KADU_SECRETS_OPTIONS, config);
  await secrets.onModuleInit();
  const sent: SentRequest[] = [];
  const script: Array<Partial<WebhookAttemptOutcome>> = [];
  const sender = {
    send: async (url: string, body: string, headers: Record<string, string>): Promise<WebhookAttemptOutcome> => {
      sent.push({ url, body, headers });
      return { status_code: 200, duration_ms: 1, error: null, ...script.shift() };
    },
  } as unknown as WebhookSender;
  const events = new ExecutionEvents();
  const box = new WebhookSecretBox(secrets);
  const idempotency = new IdempotencyService(db);
  const worker = new WebhookDeliveryWorker(db, events, sender, box, config);
  worker.onModuleInit();
  return {
    db,
    events,
    box,
    worker,
    sent,
    script,
    endpoints: new WebhookEndpointsService(db, idempotency, new WebhookUrlValidator(config), box),
    deliveries: new WebhookDeliveriesService(db, idempotency, worker),
    caller: async (slug, role = 'owner') => {
      const id = `org-${slug}`;
      await db.insertInto('organizations').values({ id, slug, name: slug, plan: 'free', created_at: new Date().toISOString() }).execute();
      return { subject: `user-${slug}`, organization_id: id, client_id: 'test', scopes: ['kadu:read', 'kadu:write'], roles: [role] };
    },
    close: async () => {
      await worker.onModuleDestroy();
      await db.destroy();
    },
  };
}
