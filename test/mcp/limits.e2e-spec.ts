/**
 * Rate limits (docs/protocol.md §6, step 11 of §1): per caller and class of call,
 * 429 -32029 with Retry-After, nothing runs; and the host's availability
 * hook (503 -32030), with and without Retry-After.
 */
import { INestApplication } from '@nestjs/common';
import { ThrottlerStorageService } from '@nestjs/throttler';
import request from 'supertest';
import { body2026, headers2026 } from './support/fixture.app';
import { callMethod, callTool, createLimitsApp, LimitsTools, PassingFault } from './limits.support';

const MINUTE = 60_000;
const TIGHT = { read: { limit: 2, ttlMs: MINUTE }, write: { limit: 1, ttlMs: MINUTE }, run: { limit: 1, ttlMs: MINUTE } };

function rateLimitedBody(id: number | string, seconds: number) {
  return { jsonrpc: '2.0', id, error: { code: -32029, message: 'Rate limit exceeded', data: { retry_after_seconds: seconds } } };
}

describe('MCP rate limits', () => {
  let app: INestApplication;
  let tools: LimitsTools;
  beforeEach(async () => {
    app = await createLimitsApp({ rateLimit: TIGHT });
    tools = app.get(LimitsTools);
  });
  afterEach(() => app.close());

  it('answers 429 with Retry-After and the exact -32029 body once the class budget is spent, and runs nothing', async () => {
    expect((await callTool(app, 'look', undefined, 1)).status).toBe(200);
    expect((await callTool(app, 'look', undefined, 2)).status).toBe(200);
    const refused = await callTool(app, 'look', undefined, 'third');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(refused.text)).toEqual(rateLimitedBody('third', 60));
    expect(tools.runs.look).toBe(2);
  });

  it("takes @nestjs/throttler's own storage as its storage, and counts in it", async () => {
    const storage = new ThrottlerStorageService();
    const throttled = await createLimitsApp({ rateLimit: { ...TIGHT, storage } });
    try {
      expect((await callTool(throttled, 'note')).status).toBe(200);
      const refused = await callTool(throttled, 'note', undefined, 'second');
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.text)).toEqual(rateLimitedBody('second', 60));
      expect(storage.storage.size).toBe(1);
      expect(throttled.get(LimitsTools).runs.note).toBe(1);
    } finally {
      storage.onApplicationShutdown();
      await throttled.close();
    }
  });

  it('keeps one budget per class: reads spent do not stop a write; a write spent does not stop a run', async () => {
    await callTool(app, 'look');
    await callTool(app, 'look');
    expect((await callTool(app, 'look')).status).toBe(429);
    expect((await callTool(app, 'note')).status).toBe(200);
    expect((await callTool(app, 'note')).status).toBe(429);
    expect((await callTool(app, 'launch')).status).toBe(200);
    expect(tools.runs).toMatchObject({ look: 2, note: 1, launch: 1 });
  });

  it('classes tools: idempotentHint false is a run, rateLimitClass wins over the hints', async () => {
    expect((await callTool(app, 'launch')).status).toBe(200);
    expect((await callTool(app, 'tagged')).status).toBe(429); // same run budget as launch
    expect((await callTool(app, 'note')).status).toBe(200); // the write budget is untouched
    expect(tools.runs).toMatchObject({ launch: 1, tagged: 0, note: 1 });
  });

  it('counts non-tool methods and unknown tools as reads', async () => {
    expect((await callMethod(app, 'tools/list')).status).toBe(200);
    expect((await callTool(app, 'no_such_tool')).status).toBe(400); // -32602, after the limit
    const refused = await callMethod(app, 'server/discover', undefined, 9);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(rateLimitedBody(9, 60));
  });

  it('keys on organization + subject + client from the token: each gets its own budget', async () => {
    for (const token of ['org-a|alice|client-1', 'org-b|alice|client-1', 'org-a|bob|client-1', 'org-a|alice|client-2']) {
      expect((await callTool(app, 'note', token)).status).toBe(200);
      expect((await callTool(app, 'note', token)).status).toBe(429);
    }
    expect(tools.runs.note).toBe(4);
  });

  it('ignores values the client chooses (clientInfo, Mcp-Name casing, ids): the same caller stays limited', async () => {
    await callTool(app, 'note');
    const headers = headers2026('tools/call', 'note', 'org-a|alice|client-1');
    const body = body2026('tools/call', { name: 'note', arguments: {} }, 'x');
    (body.params._meta as Record<string, unknown>)['io.modelcontextprotocol/clientInfo'] = { name: 'fresh-client', version: '9' };
    const refused = await request(app.getHttpServer()).post('/mcp').set(headers).send(body);
    expect(refused.status).toBe(429);
  });

  it('comes after the header checks (step 10) and before the method (step 12); notifications are not counted', async () => {
    await callMethod(app, 'tools/list');
    await callMethod(app, 'tools/list');
    const mismatch = await request(app.getHttpServer())
      .post('/mcp')
      .set({ ...headers2026('tools/list', undefined, 'org-a|alice|client-1'), 'Mcp-Method': 'tools/call' })
      .send(body2026('tools/list'));
    expect([mismatch.status, mismatch.body.error.code]).toEqual([400, -32020]);
    const unknownMethod = await callMethod(app, 'no/such/method', undefined, 4);
    expect(unknownMethod.status).toBe(429);
    const notification = await request(app.getHttpServer())
      .post('/mcp')
      .set(headers2026('notifications/initialized', undefined, 'org-a|alice|client-1'))
      .send({ jsonrpc: '2.0', method: 'notifications/initialized', params: { _meta: body2026('x').params._meta } });
    expect(notification.status).toBe(202);
  });

  it('limits era 2025 requests the same way', async () => {
    const ping = (id: number) =>
      request(app.getHttpServer())
        .post('/mcp')
        .set({ Authorization: 'Bearer org-a|carol|c', 'Content-Type': 'application/json' })
        .send({ jsonrpc: '2.0', id, method: 'ping' });
    await ping(1);
    await ping(2);
    const refused = await ping(3);
    expect(refused.status).toBe(429);
    expect(refused.headers['mcp-protocol-version']).toBe('2025-03-26');
    expect(refused.body).toEqual(rateLimitedBody(3, 60));
  });
});

describe('MCP rate limits: configuration', () => {
  it('can be turned off', async () => {
    const app = await createLimitsApp({ rateLimit: false });
    try {
      const statuses = [];
      for (let i = 0; i < 40; i++) statuses.push((await callTool(app, 'launch')).status);
      expect(new Set(statuses)).toEqual(new Set([200]));
    } finally {
      await app.close();
    }
  });

  it('fails closed when the store cannot be reached: 503 + Retry-After 1, nothing runs', async () => {
    const storage = { increment: () => Promise.reject(new Error('ECONNREFUSED 127.0.0.1:6379')) };
    const app = await createLimitsApp({ rateLimit: { storage } });
    try {
      const refused = await callTool(app, 'note', undefined, 8);
      expect([refused.status, refused.headers['retry-after']]).toEqual([503, '1']);
      expect(refused.body).toEqual({ jsonrpc: '2.0', id: 8, error: { code: -32030, message: 'Server unavailable' } });
      expect(app.get(LimitsTools).runs.note).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('refuses a nonsense rule at start-up', async () => {
    await expect(createLimitsApp({ rateLimit: { read: { limit: 0, ttlMs: MINUTE } } })).rejects.toThrow(
      'Invalid MCP rate limit for "read": limit must be an integer ≥ 1',
    );
  });
});

describe('MCP availability (host hook) and transient faults', () => {
  let app: INestApplication;
  const saturated = {
    unavailableFor: (call: { toolClass: string }) => (call.toolClass === 'run' ? 7 : undefined),
    retryAfterOnError: (error: unknown) => (error instanceof PassingFault ? 2 : undefined),
  };
  afterEach(() => app.close());

  it('answers 503 -32030 with Retry-After when the host says so, and runs nothing; other classes pass', async () => {
    app = await createLimitsApp({ availability: saturated });
    const refused = await callTool(app, 'launch', undefined, 5);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('7');
    expect(JSON.parse(refused.text)).toEqual({ jsonrpc: '2.0', id: 5, error: { code: -32030, message: 'Server unavailable' } });
    expect(app.get(LimitsTools).runs.launch).toBe(0);
    expect((await callTool(app, 'note')).status).toBe(200);
  });

  it('answers a transient fault 503 with Retry-After (retryable), a real one 500 without internals', async () => {
    app = await createLimitsApp({ availability: saturated });
    const passing = await callTool(app, 'flaky', undefined, 6, { text: 'passing' });
    expect(passing.status).toBe(503);
    expect(passing.headers['retry-after']).toBe('2');
    expect(passing.body).toEqual({ jsonrpc: '2.0', id: 6, error: { code: -32030, message: 'Server unavailable' } });
    const real = await callTool(app, 'flaky', undefined, 7, { text: 'fatal' });
    expect(real.status).toBe(500);
    expect(real.body.error).toEqual({ code: -32603, message: 'Internal error', data: { correlation_id: expect.any(String) } });
    expect(real.text).not.toContain('/srv');
  });

  it('retryAfterOn503: false (Billing) drops Retry-After from 503 but keeps it on 429', async () => {
    app = await createLimitsApp({ availability: saturated, retryAfterOn503: false, rateLimit: TIGHT });
    const unavailable = await callTool(app, 'launch');
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers['retry-after']).toBeUndefined();
    await callTool(app, 'note');
    const limited = await callTool(app, 'note');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
  });
});
