import { Logger } from '@nestjs/common';
import type { ExecutionView } from '../executions/execution.view';
import { verifyWebhookSignature } from './webhook-signature.codec';
import { openWebhooksKit, WebhooksKit } from '../../test/support/webhooks.test-kit';

describe('WebhookDeliveryWorker', () => {
  let kit: WebhooksKit;
  beforeAll(() => jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined));
  afterEach(() => kit?.close());

  const execution = { id: 'exec-1', status: 'failed' } as ExecutionView;
  async function settledDeliveries(organizationId: string) {
    for (let i = 0; i < 200; i++) {
      const rows = await kit.db.selectFrom('webhook_deliveries').selectAll().where('organization_id', '=', organizationId).execute();
      if (rows.length > 0 && rows.every((row) => row.status !== 'pending')) return rows;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('deliveries did not settle');
  }
  const attemptsOf = (deliveryId: string) =>
    kit.db.selectFrom('webhook_delivery_attempts').selectAll().where('delivery_id', '=', deliveryId).orderBy('attempt').execute();

  it('sends one signed delivery per enabled endpoint of the organization, and none to others', async () => {
    kit = await openWebhooksKit();
    const acme = await kit.caller('acme');
    const beta = await kit.caller('beta');
    const endpoint = await kit.endpoints.create(acme, { url: 'http://127.0.0.1:1/a' });
    await kit.endpoints.create(acme, { url: 'http://127.0.0.1:1/off', enabled: false });
    await kit.endpoints.create(beta, { url: 'http://127.0.0.1:1/beta' });

    kit.events.emitFinished({ organization_id: acme.organization_id, execution });
    const [delivery] = await settledDeliveries(acme.organization_id);
    expect(kit.sent.map((request) => request.url)).toEqual(['http://127.0.0.1:1/a']);
    const [request] = kit.sent;
    expect(request.headers['Kadu-Delivery-Id']).toBe(delivery.id);
    expect(verifyWebhookSignature(endpoint.secret, request.headers['Kadu-Signature'], request.body)).toBe(true);
    expect(JSON.parse(request.body)).toEqual({ id: delivery.event_id, type: 'execution.finished', created_at: expect.any(String), data: { execution } });
  });

  it('records every attempt, with status code, duration and error, backing off between them', async () => {
    kit = await openWebhooksKit({ KADU_WEBHOOK_BACKOFF_MS: 50 });
    const acme = await kit.caller('acme');
    await kit.endpoints.create(acme, { url: 'http://127.0.0.1:1/flaky' });
    kit.script.push({ status_code: 500, error: 'HTTP 500', duration_ms: 7 }, { status_code: null, error: 'timed out after 5000 ms', duration_ms: 5000 });

    kit.events.emitFinished({ organization_id: acme.organization_id, execution });
    const [delivery] = await settledDeliveries(acme.organization_id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempt_count: 3, last_status_code: 200, next_attempt_at: null });
    const attempts = await attemptsOf(delivery.id);
    expect(attempts.map((a) => [a.attempt, a.status_code, a.duration_ms, a.error])).toEqual([
      [1, 500, 7, 'HTTP 500'],
      [2, null, 5000, 'timed out after 5000 ms'],
      [3, 200, 1, null],
    ]);
    const at = attempts.map((a) => Date.parse(a.created_at));
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(50);
    expect(at[2] - at[1]).toBeGreaterThanOrEqual(100);
    // Every retry carries the same delivery id, so the receiver can deduplicate.
    expect(new Set(kit.sent.map((request) => request.headers['Kadu-Delivery-Id']))).toEqual(new Set([delivery.id]));
  });

  it('gives up after the configured number of attempts', async () => {
    kit = await openWebhooksKit({ KADU_WEBHOOK_MAX_ATTEMPTS: 2, KADU_WEBHOOK_BACKOFF_MS: 0 });
    const acme = await kit.caller('acme');
    await kit.endpoints.create(acme, { url: 'http://127.0.0.1:1/down' });
    kit.script.push({ status_code: 503, error: 'HTTP 503' }, { status_code: 503, error: 'HTTP 503' }, { status_code: 503, error: 'HTTP 503' });

    kit.events.emitFinished({ organization_id: acme.organization_id, execution });
    const [delivery] = await settledDeliveries(acme.organization_id);
    expect(delivery).toMatchObject({ status: 'failed', attempt_count: 2, last_status_code: 503 });
    expect(await attemptsOf(delivery.id)).toHaveLength(2);
  });

  it('replays as a new delivery of the same event, once per call unless the key repeats', async () => {
    kit = await openWebhooksKit();
    const acme = await kit.caller('acme');
    await kit.endpoints.create(acme, { url: 'http://127.0.0.1:1/a' });
    kit.events.emitFinished({ organization_id: acme.organization_id, execution });
    const [original] = await settledDeliveries(acme.organization_id);

    const first = await kit.deliveries.replay(acme, { id: original.id, idempotency_key: 'k' });
    expect(await kit.deliveries.replay(acme, { id: original.id, idempotency_key: 'k' })).toEqual(first);
    await kit.deliveries.replay(acme, { id: original.id });
    const all = await settledDeliveries(acme.organization_id);
    expect(all).toHaveLength(3);
    expect(all.filter((row) => row.replay_of === original.id)).toHaveLength(2);
    expect(kit.sent).toHaveLength(3);
  });
});
