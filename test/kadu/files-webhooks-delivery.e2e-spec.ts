/**
 * Webhooks over real HTTP: a finished execution reaches a local receiver
 * signed, a failing receiver is retried with every attempt recorded, and
 * every `kadu_webhook_*` tool answers what its `/api/v1` route answers,
 * never across organizations.
 */
import { ExecutionEvents, ExecutionFinishedEvent } from '../../src/executions/execution-events.service';
import { verifyWebhookSignature } from '../../src/webhooks/webhook-signature.codec';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { eventually } from '../support/eventually';
import { callRest, callTool, Receiver, startReceiver, tokensOf } from './files-webhooks.support';

describe('webhooks', () => {
  let kadu: KaduTestApp;
  let receiver: Receiver;
  let acme: { mcp: string; api: string };
  let other: { mcp: string; api: string };
  let acmeId: string;
  beforeAll(async () => {
    kadu = await startKadu({
      env: { KADU_WEBHOOKS_ALLOW_PRIVATE: 'true', KADU_WEBHOOK_MAX_ATTEMPTS: '3', KADU_WEBHOOK_BACKOFF_MS: '200', KADU_WEBHOOK_POLL_MS: '50' },
    });
    receiver = await startReceiver();
    acme = await tokensOf(kadu, 'hooks');
    other = await tokensOf(kadu, 'hooks-other');
    acmeId = (await kadu.identity.ensureOrganization('hooks')).id;
  });
  afterAll(async () => {
    await kadu?.close();
    await receiver?.close();
  });

  const finish = (executionId: string) =>
    kadu.app.get(ExecutionEvents).emitFinished({
      organization_id: acmeId,
      execution: { id: executionId, status: 'succeeded' } as ExecutionFinishedEvent['execution'],
    });
  const createEndpoint = async (path: string) =>
    (await callTool(kadu, acme.mcp, 'kadu_webhook_endpoints_create', { url: `${receiver.url}${path}`, description: path })).body as {
      id: string;
      secret: string;
    };
  const deliveriesOf = async (endpointId: string, token = acme.mcp) =>
    ((await callTool(kadu, token, 'kadu_webhook_deliveries_list', { endpoint_id: endpointId })).body as { data: Delivery[] }).data;
  const settled = (endpointId: string, count = 1) =>
    eventually(async () => {
      const deliveries = await deliveriesOf(endpointId);
      return deliveries.length >= count && deliveries.every((d) => d.status !== 'pending') ? deliveries : undefined;
    });

  it('creates an endpoint whose secret is shown once and never listed', async () => {
    const endpoint = await createEndpoint('/ok-listed');
    expect(endpoint.secret).toMatch(/^whsec_/);
    const listed = await callTool(kadu, acme.mcp, 'kadu_webhook_endpoints_list', {});
    expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret);
    expect(JSON.stringify(await callRest(kadu, acme.api, 'GET', '/webhook_endpoints'))).not.toContain('secret');
  });

  it('delivers execution.finished with a valid signature', async () => {
    const endpoint = await createEndpoint('/ok');
    finish('exec-1');
    const [delivery] = await settled(endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempt_count: 1, attempts: [{ attempt: 1, status_code: 200, error: null }] });
    const got = receiver.received.find((r) => r.path === '/ok' && r.headers['kadu-delivery-id'] === delivery.id)!;
    expect(got.headers['content-type']).toBe('application/json');
    expect(verifyWebhookSignature(endpoint.secret, got.headers['kadu-signature'] as string, got.body)).toBe(true);
    expect(verifyWebhookSignature('whsec_forged', got.headers['kadu-signature'] as string, got.body)).toBe(false);
    expect(JSON.parse(got.body)).toEqual({
      id: delivery.event_id,
      type: 'execution.finished',
      created_at: expect.any(String),
      data: { execution: { id: 'exec-1', status: 'succeeded' } },
    });
  });

  it('retries a failing receiver with backoff and records every attempt', async () => {
    const endpoint = await createEndpoint('/flaky');
    finish('exec-2');
    const [delivery] = await settled(endpoint.id);
    expect(delivery.status).toBe('succeeded');
    expect(delivery.attempts.map((a) => [a.attempt, a.status_code, a.error])).toEqual([
      [1, 500, 'HTTP 500'],
      [2, 500, 'HTTP 500'],
      [3, 200, null],
    ]);
    const times = delivery.attempts.map((a) => Date.parse(a.attempted_at));
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(200);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(400);
  });

  it('replays a delivery: each call is one more delivery, unless the idempotency_key repeats', async () => {
    const endpoint = await createEndpoint('/ok-replay');
    finish('exec-3');
    const [original] = await settled(endpoint.id);
    const first = await callTool(kadu, acme.mcp, 'kadu_webhook_deliveries_replay', { id: original.id, idempotency_key: 'k1' });
    const again = await callTool(kadu, acme.mcp, 'kadu_webhook_deliveries_replay', { id: original.id, idempotency_key: 'k1' });
    expect(again.body).toEqual(first.body);
    await callTool(kadu, acme.mcp, 'kadu_webhook_deliveries_replay', { id: original.id });
    const all = await settled(endpoint.id, 3);
    expect(all).toHaveLength(3);
    expect(all.filter((d) => d.replay_of === original.id).every((d) => d.event_id === original.event_id)).toBe(true);
  });

  it('rotates the secret: later deliveries are signed with the new one', async () => {
    const endpoint = await createEndpoint('/ok-rotate');
    const rotated = (await callTool(kadu, acme.mcp, 'kadu_webhook_endpoints_rotate_secret', { id: endpoint.id })).body as { secret: string };
    expect(rotated.secret).not.toBe(endpoint.secret);
    finish('exec-4');
    const [delivery] = await settled(endpoint.id);
    const got = receiver.received.find((r) => r.headers['kadu-delivery-id'] === delivery.id)!;
    expect(verifyWebhookSignature(rotated.secret, got.headers['kadu-signature'] as string, got.body)).toBe(true);
    expect(verifyWebhookSignature(endpoint.secret, got.headers['kadu-signature'] as string, got.body)).toBe(false);
  });

  it('answers 404 to another organization for the endpoint and the delivery, everywhere', async () => {
    const endpoint = await createEndpoint('/ok-isolated');
    finish('exec-5');
    const [delivery] = await settled(endpoint.id);
    const notFound = { isError: true, body: { statusCode: 404, message: 'Webhook endpoint not found', error: 'Not Found' } };
    expect(await callTool(kadu, other.mcp, 'kadu_webhook_endpoints_update', { id: endpoint.id, description: 'x' })).toEqual(notFound);
    expect(await callTool(kadu, other.mcp, 'kadu_webhook_endpoints_delete', { id: endpoint.id })).toEqual(notFound);
    expect(await callTool(kadu, other.mcp, 'kadu_webhook_endpoints_rotate_secret', { id: endpoint.id })).toEqual(notFound);
    expect(await callTool(kadu, other.mcp, 'kadu_webhook_deliveries_replay', { id: delivery.id })).toEqual({
      isError: true,
      body: { statusCode: 404, message: 'Webhook delivery not found', error: 'Not Found' },
    });
    expect((await callRest(kadu, other.api, 'PATCH', `/webhook_endpoints/${endpoint.id}`, { description: 'x' })).status).toBe(404);
    expect((await callRest(kadu, other.api, 'POST', `/webhook_deliveries/${delivery.id}/replay`)).status).toBe(404);
    expect(await deliveriesOf(endpoint.id, other.mcp)).toEqual([]);
    const listed = (await callTool(kadu, other.mcp, 'kadu_webhook_endpoints_list', {})).body as { data: unknown[] };
    expect(listed.data).toEqual([]);
  });

  it('answers the same JSON over REST and MCP, for successes and failures', async () => {
    const endpoint = await createEndpoint('/ok-parity');
    const missing = '00000000-0000-0000-0000-000000000000';
    const pairs: Array<[string, Record<string, unknown>, string, string, unknown?]> = [
      ['kadu_webhook_endpoints_list', { limit: 1 }, 'GET', '/webhook_endpoints?limit=1'],
      ['kadu_webhook_endpoints_list', { cursor: 'nope' }, 'GET', '/webhook_endpoints?cursor=nope'],
      ['kadu_webhook_endpoints_create', { url: 'ftp://x' }, 'POST', '/webhook_endpoints', { url: 'ftp://x' }],
      ['kadu_webhook_endpoints_update', { id: missing, enabled: false }, 'PATCH', `/webhook_endpoints/${missing}`, { enabled: false }],
      ['kadu_webhook_endpoints_delete', { id: missing }, 'DELETE', `/webhook_endpoints/${missing}`],
      ['kadu_webhook_endpoints_rotate_secret', { id: missing }, 'POST', `/webhook_endpoints/${missing}/rotate_secret`],
      ['kadu_webhook_deliveries_list', { endpoint_id: endpoint.id }, 'GET', `/webhook_deliveries?endpoint_id=${endpoint.id}`],
      ['kadu_webhook_deliveries_list', { limit: 0 }, 'GET', '/webhook_deliveries?limit=0'],
      ['kadu_webhook_deliveries_replay', { id: missing }, 'POST', `/webhook_deliveries/${missing}/replay`],
    ];
    for (const [tool, args, method, path, body] of pairs) {
      const viaMcp = await callTool(kadu, acme.mcp, tool, args);
      const viaRest = await callRest(kadu, acme.api, method, path, body);
      expect({ tool, body: viaMcp.body, isError: viaMcp.isError }).toEqual({ tool, body: viaRest.body, isError: viaRest.status >= 400 });
    }
    // A successful write of each kind, with the same idempotency key over both: the second answer is the first.
    const update = await callTool(kadu, acme.mcp, 'kadu_webhook_endpoints_update', { id: endpoint.id, description: 'd', idempotency_key: 'u1' });
    const updateRest = await fetch(`${kadu.baseUrl}/api/v1/webhook_endpoints/${endpoint.id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${acme.api}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'u1' },
      body: JSON.stringify({ description: 'd' }),
    });
    expect(await updateRest.json()).toEqual(update.body);
    const deleted = await callRest(kadu, acme.api, 'DELETE', `/webhook_endpoints/${endpoint.id}`);
    expect(deleted.body).toEqual({ id: endpoint.id, deleted_at: expect.any(String) });
    expect((await callTool(kadu, acme.mcp, 'kadu_webhook_endpoints_delete', { id: endpoint.id })).body).toMatchObject({ statusCode: 404 });
  });
});

interface Delivery {
  id: string;
  event_id: string;
  status: string;
  attempt_count: number;
  replay_of: string | null;
  attempts: Array<{ attempt: number; status_code: number | null; error: string | null; attempted_at: string }>;
}
