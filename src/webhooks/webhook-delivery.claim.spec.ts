import { Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { KaduConfig } from '../config/kadu-config.interface';
import type { KaduDatabase } from '../database/kadu-database.interface';
import { ExecutionEvents } from '../executions/execution-events.service';
import type { ExecutionView } from '../executions/execution.view';
import { WebhookDeliveryWorker } from './webhook-delivery.worker';
import { WebhookAttemptOutcome, WebhookSender } from './webhook.client';
import { openWebhooksKit, WebhooksKit } from '../../test/support/webhooks.test-kit';

/**
 * The claim on a delivery row, with more than one worker: two replicas'
 * workers on one database send each delivery exactly once, and a retry
 * pending for an endpoint deleted meanwhile is never sent.
 */
/**
 * `db` whose first read of due deliveries returns its rows only after
 * `meanwhile()` has run: a worker on it then claims rows that were due when it
 * read them. Methods are bound to the real objects (Kysely keeps private fields).
 */
function readingLate(db: Kysely<KaduDatabase>, meanwhile: () => Promise<void>): Kysely<KaduDatabase> {
  let first = true;
  const late = (builder: object): object =>
    new Proxy(builder, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property);
        if (typeof value !== 'function') return value;
        if (property === 'execute') {
          return async (...args: unknown[]) => {
            const rows: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            if (first) {
              first = false;
              await meanwhile();
            }
            return rows;
          };
        }
        return (...args: unknown[]) => {
          const next: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          return typeof next === 'object' && next !== null ? late(next) : next;
        };
      },
    });
  return new Proxy(db, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (property === 'selectFrom')
        return (table: 'webhook_deliveries') => (table === 'webhook_deliveries' ? late(target.selectFrom(table)) : target.selectFrom(table));
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('WebhookDeliveryWorker: claims', () => {
  let kit: WebhooksKit;
  let second: WebhookDeliveryWorker | undefined;
  beforeAll(() => jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined));
  afterEach(async () => {
    await second?.onModuleDestroy();
    second = undefined;
    await kit?.close();
  });

  const execution = { id: 'exec-1', status: 'succeeded' } as ExecutionView;
  async function settled(organizationId: string, expected: number) {
    for (let i = 0; i < 500; i++) {
      const rows = await kit.db.selectFrom('webhook_deliveries').selectAll().where('organization_id', '=', organizationId).execute();
      if (rows.length === expected && rows.every((row) => row.status !== 'pending')) return rows;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('deliveries did not settle');
  }

  it('two workers on one database: every delivery sent exactly once, by one of them', async () => {
    // Neither worker polls by itself: the test decides who reads and claims when.
    kit = await openWebhooksKit({ KADU_WEBHOOK_POLL_MS: 60_000 });
    // The second replica's worker: its own process events (it never sees this one's), the same database.
    const sentBySecond: string[] = [];
    const sender = {
      send: async (_url: string, _body: string, headers: Record<string, string>): Promise<WebhookAttemptOutcome> => {
        sentBySecond.push(headers['Kadu-Delivery-Id']);
        return { status_code: 200, duration_ms: 1, error: null };
      },
    } as unknown as WebhookSender;
    const config = new ConfigService({ KADU_WEBHOOK_MAX_ATTEMPTS: 3, KADU_WEBHOOK_BACKOFF_MS: 20, KADU_WEBHOOK_POLL_MS: 60_000 }) as ConfigService<
      KaduConfig,
      true
    >;
    // The worst interleaving, forced: the second worker reads the due rows, and before it claims any, the first one
    // claims, sends and settles them all. (In one process on SQLite, one worker's read and claims never interleave.)
    const allSettled = async () => {
      for (let i = 0; i < 500; i++) {
        const pending = await kit.db.selectFrom('webhook_deliveries').select('id').where('status', '=', 'pending').execute();
        if (pending.length === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const secondDb = readingLate(kit.db, async () => {
      kit.worker.kick();
      await allSettled();
    });
    second = new WebhookDeliveryWorker(secondDb, new ExecutionEvents(), sender, kit.box, config);
    second.onModuleInit();

    const acme = await kit.caller('acme');
    const endpoints: Array<{ id: string }> = [];
    for (let i = 0; i < 4; i++) endpoints.push(await kit.endpoints.create(acme, { url: `http://127.0.0.1:1/hook-${i}` }));
    // Due deliveries as `enqueue` writes them, written here so that no worker is kicked before both are.
    const now = new Date().toISOString();
    const rows = Array.from({ length: 40 }, (_, i) => ({
      id: randomUUID(),
      organization_id: acme.organization_id,
      endpoint_id: endpoints[i % endpoints.length].id,
      event_id: `event-${i}`,
      event_type: 'execution.finished',
      payload: JSON.stringify({ id: `event-${i}`, type: 'execution.finished', created_at: now, data: { execution } }),
      status: 'pending' as const,
      attempt_count: 0,
      next_attempt_at: now,
      last_status_code: null,
      replay_of: null,
      created_at: now,
      updated_at: now,
      completed_at: null,
    }));
    await kit.db.insertInto('webhook_deliveries').values(rows).execute();
    second.kick();

    const deliveries = await settled(acme.organization_id, rows.length);
    expect(deliveries.every((delivery) => delivery.status === 'succeeded' && delivery.attempt_count === 1)).toBe(true);
    const sent = [...kit.sent.map((request) => request.headers['Kadu-Delivery-Id']), ...sentBySecond];
    expect(sent.sort()).toEqual(rows.map((row) => row.id).sort());
    // The second worker read all of them due, yet sent none: its claims found them taken.
    expect(sentBySecond).toEqual([]);
    expect(await kit.db.selectFrom('webhook_delivery_attempts').select('delivery_id').execute()).toHaveLength(rows.length);
  });

  it('an endpoint deleted while a retry is pending: the retry is not sent, the delivery ends failed', async () => {
    kit = await openWebhooksKit({ KADU_WEBHOOK_BACKOFF_MS: 300 });
    const acme = await kit.caller('acme');
    const endpoint = await kit.endpoints.create(acme, { url: 'http://127.0.0.1:1/flaky' });
    kit.script.push({ status_code: 503, error: 'HTTP 503' });
    kit.events.emitFinished({ organization_id: acme.organization_id, execution });

    // The first attempt failed: a retry is scheduled once its outcome is written (after the send; later on PostgreSQL).
    const current = () => kit.db.selectFrom('webhook_deliveries').selectAll().executeTakeFirst();
    for (let i = 0; i < 400 && (await current())?.attempt_count !== 1; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    const pending = await kit.db.selectFrom('webhook_deliveries').selectAll().executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ status: 'pending', attempt_count: 1, last_status_code: 503 });
    await kit.endpoints.delete(acme, { id: endpoint.id });

    const [delivery] = await settled(acme.organization_id, 1);
    expect(delivery).toMatchObject({ status: 'failed', attempt_count: 1, last_status_code: null, next_attempt_at: null, completed_at: expect.any(String) });
    expect(kit.sent).toHaveLength(1);
    expect(await kit.db.selectFrom('webhook_delivery_attempts').selectAll().execute()).toHaveLength(1);
  });
});
