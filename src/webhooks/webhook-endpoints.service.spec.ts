import { Logger } from '@nestjs/common';
import { MCP_TOOL_METADATA } from '@kobana/mcp/testing';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { WEBHOOK_URL_MESSAGES } from './webhook-url.messages';
import { openWebhooksKit, WebhooksKit } from '../../test/support/webhooks.test-kit';

describe('WebhookEndpointsService', () => {
  let kit: WebhooksKit;
  beforeAll(() => jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined));
  afterEach(() => kit?.close());

  it('shows the secret at creation only; it is sealed at rest and never listed', async () => {
    kit = await openWebhooksKit();
    const acme = await kit.caller('acme');
    const created = await kit.endpoints.create(acme, { url: 'https://hooks.example.com/kadu', description: 'ERP' });
    expect(created).toEqual({
      id: expect.any(String),
      url: 'https://hooks.example.com/kadu',
      description: 'ERP',
      events: ['execution.finished'],
      enabled: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      secret: expect.stringMatching(/^whsec_/),
    });
    const listed = await kit.endpoints.list(acme, {});
    expect(JSON.stringify(listed)).not.toContain('secret');
    const updated = await kit.endpoints.update(acme, { id: created.id, enabled: false });
    expect(updated).not.toHaveProperty('secret');
    const stored = await kit.db.selectFrom('webhook_endpoints').select('secret_ciphertext').executeTakeFirstOrThrow();
    expect(stored.secret_ciphertext).not.toContain(created.secret.slice(6));
    expect(kit.box.open(stored.secret_ciphertext)).toBe(created.secret);
  });

  it('rotates to a new secret, shown once', async () => {
    kit = await openWebhooksKit();
    const acme = await kit.caller('acme');
    const created = await kit.endpoints.create(acme, { url: 'https://hooks.example.com/kadu' });
    const rotated = await kit.endpoints.rotateSecret(acme, { id: created.id });
    expect(rotated.secret).not.toBe(created.secret);
    const stored = await kit.db.selectFrom('webhook_endpoints').select('secret_ciphertext').executeTakeFirstOrThrow();
    expect(kit.box.open(stored.secret_ciphertext)).toBe(rotated.secret);
  });

  it('with an idempotency_key, keeps the shown secret sealed in idempotency_keys and shows it again on replay', async () => {
    kit = await openWebhooksKit();
    const acme = await kit.caller('acme');
    const created = await kit.endpoints.create(acme, { url: 'https://hooks.example.com/kadu', idempotency_key: 'create-1' });
    const rotated = await kit.endpoints.rotateSecret(acme, { id: created.id, idempotency_key: 'rotate-1' });
    const kept = await kit.db.selectFrom('idempotency_keys').select(['key', 'response']).orderBy('key').execute();
    expect(kept.map((row) => row.key)).toEqual(['create-1', 'rotate-1']);
    for (const [row, secret] of [
      [kept[0], created.secret],
      [kept[1], rotated.secret],
    ] as const) {
      expect(row.response).not.toContain(secret.slice(6));
      const stored = JSON.parse(row.response) as { secret: { $sealed: string } };
      expect(kit.box.open(stored.secret.$sealed)).toBe(secret);
    }
    expect(await kit.endpoints.create(acme, { url: 'https://hooks.example.com/kadu', idempotency_key: 'create-1' })).toEqual(created);
    expect(await kit.endpoints.rotateSecret(acme, { id: created.id, idempotency_key: 'rotate-1' })).toEqual(rotated);
    expect(await kit.db.selectFrom('webhook_endpoints').select('id').execute()).toHaveLength(1);
  });

  it('keeps organizations apart: 404 for every write on another organization’s endpoint', async () => {
    kit = await openWebhooksKit();
    const acme = await kit.caller('acme');
    const beta = await kit.caller('beta');
    const { id } = await kit.endpoints.create(acme, { url: 'https://hooks.example.com/kadu' });
    for (const call of [
      () => kit.endpoints.update(beta, { id, description: 'mine now' }),
      () => kit.endpoints.rotateSecret(beta, { id }),
      () => kit.endpoints.delete(beta, { id }),
    ]) {
      await expect(call()).rejects.toMatchObject({ status: 404, message: 'Webhook endpoint not found' });
    }
    expect((await kit.endpoints.list(beta, {})).data).toEqual([]);
    expect((await kit.deliveries.list(beta, { endpoint_id: id })).data).toEqual([]);
  });

  it('refuses URLs of non-public addresses unless KADU_WEBHOOKS_ALLOW_PRIVATE', async () => {
    kit = await openWebhooksKit({ KADU_WEBHOOKS_ALLOW_PRIVATE: false });
    const acme = await kit.caller('acme');
    for (const url of ['http://127.0.0.1:8080/x', 'http://169.254.169.254/latest', 'http://[::1]/x', 'http://localhost/x']) {
      await expect(kit.endpoints.create(acme, { url })).rejects.toMatchObject({
        status: 400,
        response: { message: ['url must point to a public internet address'] },
      });
    }
    await expect(kit.endpoints.create(acme, { url: 'http://93.184.215.14/hook' })).resolves.toMatchObject({ enabled: true });
  });

  it.each([false, true])('refuses with 400 a URL whose host the host policy refuses, on every Node version (allow private: %s)', async (allowPrivate) => {
    kit = await openWebhooksKit({ KADU_WEBHOOKS_ALLOW_PRIVATE: allowPrivate });
    const acme = await kit.caller('acme');
    const { id } = await kit.endpoints.create(acme, { url: 'http://93.184.215.14/hook' });
    // Node 24's URL parser accepts the first, Node 20's refuses it; both rewrite the last two to an address.
    const refusals: [string, string][] = [
      ['http://xn--a.com/hook', WEBHOOK_URL_MESSAGES.punycode('xn--a')],
      ['http://0x100000000/hook', WEBHOOK_URL_MESSAGES.dottedQuad],
      ['http://127.1/hook', WEBHOOK_URL_MESSAGES.dottedQuad],
    ];
    for (const [url, message] of refusals) {
      const refused = { status: 400, response: { statusCode: 400, error: 'Bad Request', message: [message] } };
      await expect(kit.endpoints.create(acme, { url })).rejects.toMatchObject(refused);
      await expect(kit.endpoints.update(acme, { id, url })).rejects.toMatchObject(refused);
    }
    expect(await kit.db.selectFrom('webhook_endpoints').select('url').execute()).toEqual([{ url: 'http://93.184.215.14/hook' }]);
  });

  it('lets only owners and admins near webhooks', async () => {
    kit = await openWebhooksKit();
    const operator = await kit.caller('acme', 'operator');
    await expect(kit.endpoints.list(operator, {})).rejects.toMatchObject({ status: 403 });
    await expect(kit.endpoints.create(operator, { url: 'https://hooks.example.com' })).rejects.toMatchObject({ status: 403 });
  });

  it.each(['create', 'update', 'delete', 'rotateSecret'] as const)('%s is a destructive tool (it changes where data goes)', (method) => {
    expect(Reflect.getMetadata(MCP_TOOL_METADATA, WebhookEndpointsService.prototype[method])).toMatchObject({
      roles: ['owner', 'admin'],
      annotations: { destructiveHint: true },
    });
  });
});
