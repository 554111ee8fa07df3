/**
 * Draining for shutdown: new requests 503 -32030 + Retry-After at once,
 * the ones in flight finish, and shutdown waits no longer than the grace
 * period. Plus the Origin allowlist option (step 2).
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { McpDrainService } from '@kobana/mcp';
import { callTool, createLimitsApp, LimitsTools } from './limits.support';
import { PLATFORMS } from './support/fixture.app';

const UNAVAILABLE = { jsonrpc: '2.0', id: null, error: { code: -32030, message: 'Server unavailable' } };

async function until(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.each(PLATFORMS)('MCP draining (%s)', (platform) => {
  it('refuses new requests with 503 + Retry-After while the one in flight finishes, then closes', async () => {
    const app = await createLimitsApp({ drain: { graceMs: 5000, retryAfterSeconds: 3 } }, platform);
    const tools = app.get(LimitsTools);
    const drain = app.get(McpDrainService);
    const held = callTool(app, 'hold', undefined, 'held').then((response) => response);
    await until(() => tools.runs.hold === 1);
    expect(drain.inFlightCount).toBe(1);

    const closing = app.close();
    await until(() => drain.isDraining);
    const refused = await callTool(app, 'look', undefined, 2);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('3');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body).toEqual(UNAVAILABLE);
    expect(tools.runs.look).toBe(0);

    let closed = false;
    void closing.then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false); // still waiting for the held request
    tools.release();
    const answered = await held;
    expect([answered.status, answered.body.result.structuredContent]).toEqual([200, { released: true }]);
    await closing;
  });

  it('gives up waiting after the grace period', async () => {
    const app = await createLimitsApp({ drain: { graceMs: 200 } }, platform);
    const tools = app.get(LimitsTools);
    const held = callTool(app, 'hold').catch(() => undefined);
    await until(() => tools.runs.hold === 1);
    const started = Date.now();
    await app.get(McpDrainService).drain();
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(190);
    expect(waited).toBeLessThan(1500);
    tools.release();
    await held;
    await app.close();
  });

  it('drops Retry-After from the 503 with retryAfterOn503: false', async () => {
    const app = await createLimitsApp({ retryAfterOn503: false }, platform);
    const drain = app.get(McpDrainService);
    await drain.drain();
    const refused = await callTool(app, 'look');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBeUndefined();
    expect(refused.body).toEqual(UNAVAILABLE);
    await app.close();
  });

  it('counts a request whose client went away out again', async () => {
    const app = await createLimitsApp({}, platform);
    const tools = app.get(LimitsTools);
    const drain = app.get(McpDrainService);
    const aborted = callTool(app, 'hold')
      .timeout(100)
      .catch(() => 'aborted');
    await until(() => tools.runs.hold === 1);
    expect(await aborted).toBe('aborted');
    await until(() => drain.inFlightCount === 0);
    tools.release();
    await app.close();
  });
});

describe.each(PLATFORMS)('MCP Origin allowlist (allowedOrigins) (%s)', (platform) => {
  let app: INestApplication;
  beforeAll(async () => (app = await createLimitsApp({ allowedOrigins: ['https://app.example.com'] }, platform)));
  afterAll(() => app.close());

  const withOrigin = (origin: string) => callTool(app, 'look').set('Origin', origin);

  it.each(['https://app.example.com', 'https://app.example.com/', 'http://mcp.test'])('accepts %s (listed, or the server own origin)', async (origin) => {
    expect((await withOrigin(origin)).status).toBe(200);
  });

  it.each(['http://localhost:3000', 'http://127.0.0.1:9', 'https://app.example.com.evil.io', 'http://app.example.com', 'https://evil.example'])(
    'refuses %s with 403 and no id: loopback is not implied once an allowlist replaces the default',
    async (origin) => {
      const response = await withOrigin(origin);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: `Forbidden: origin ${origin} is not allowed` } });
    },
  );

  it('refuses a repeated Origin header', async () => {
    const response = await request(app.getHttpServer())
      .post('/mcp')
      .set('Origin', ['https://app.example.com', 'https://evil.example'] as unknown as string)
      .send('{}');
    expect(response.status).toBe(403);
  });
});
