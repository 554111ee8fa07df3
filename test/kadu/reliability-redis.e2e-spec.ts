/**
 * Two Kadu replicas with KADU_REDIS_URL share one rate-limit budget per
 * caller, and close their Redis connection on shutdown. A Redis killed and
 * started again: 503 + Retry-After meanwhile, one log line each way, never
 * an unhandled error event, and calls pass again once it is back.
 */
import { Logger } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { startRedis, TestRedis } from '../mcp/limits-redis.support';
import { callTool } from './reliability.support';
import { eventually } from '../support/eventually';

jest.setTimeout(60_000);

describe('Kadu replicas on one Redis', () => {
  let redis: TestRedis;
  let dataDir: string;
  beforeAll(async () => {
    redis = await startRedis();
    dataDir = mkdtempSync(join(tmpdir(), 'kadu-redis-'));
  });
  afterAll(async () => {
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts a caller across replicas: the 4th write of a budget of 3 is refused wherever it lands', async () => {
    const databaseUrl = `sqlite:${join(dataDir, 'kadu.sqlite')}`;
    const env = { KADU_REDIS_URL: redis.url, KADU_RATE_LIMIT_WRITE: '3' };
    const replicas: KaduTestApp[] = [await startKadu({ databaseUrl, env }), await startKadu({ databaseUrl, env })];
    try {
      const token = await replicas[0].token('org-a', 'admin');
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await callTool(replicas[i % 2], token, 'kadu_tasks_create', { name: `R${i}`, rules: [] }, i)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(await replicas[0].db.selectFrom('tasks').select('id').execute()).toHaveLength(3);
      expect((await redis.client.keys('kadu:mcp:rl:write:*')).length).toBe(1);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
    }
    expect(Number((await redis.client.info('clients')).match(/connected_clients:(\d+)/)![1])).toBe(1); // only the test's own client
  });

  it('Redis gone: MCP calls answer 503 + Retry-After (retryable), nothing is written', async () => {
    const own = await startRedis();
    const kadu = await startKadu({ env: { KADU_REDIS_URL: own.url } });
    try {
      const token = await kadu.token('org-a', 'admin');
      expect((await callTool(kadu, token, 'kadu_tasks_create', { name: 'before', rules: [] })).status).toBe(200);
      await own.stop();
      const refused = await callTool(kadu, token, 'kadu_tasks_create', { name: 'during', rules: [] }, 'd');
      expect([refused.status, refused.headers.get('retry-after')]).toEqual([503, '1']);
      expect(refused.body).toEqual({ jsonrpc: '2.0', id: 'd', error: { code: -32030, message: 'Server unavailable' } });
      expect(await kadu.db.selectFrom('tasks').select('name').execute()).toEqual([{ name: 'before' }]);
    } finally {
      await kadu.close();
    }
  });

  it('Redis killed, then back on its port: the process lives, says so once each way, and calls pass again', async () => {
    let own = await startRedis();
    const port = Number(new URL(own.url).port);
    const kadu = await startKadu({ env: { KADU_REDIS_URL: own.url } });
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const log = jest.spyOn(Logger.prototype, 'log');
    const error = jest.spyOn(Logger.prototype, 'error');
    // What ioredis prints, once per reconnection attempt, when its client has no `error` listener.
    const consoleError = jest.spyOn(console, 'error');
    try {
      const token = await kadu.token('org-a', 'admin');
      await own.stop();
      for (const id of ['d1', 'd2', 'd3']) {
        const refused = await callTool(kadu, token, 'kadu_tasks_create', { name: `during ${id}`, rules: [] }, id);
        expect([refused.status, refused.headers.get('retry-after'), refused.body.error]).toEqual([503, '1', { code: -32030, message: 'Server unavailable' }]);
      }
      // Several reconnection attempts fail meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      own = await startRedis(port);
      const passed = await eventually(async () => {
        const answer = await callTool(kadu, token, 'kadu_tasks_create', { name: 'after', rules: [] }, 'a');
        return answer.status === 200 ? answer : undefined;
      });
      expect(passed.body.result).toBeDefined();
      const lines = (spy: jest.SpyInstance) => spy.mock.calls.map(([message]) => String(message)).filter((message) => message.startsWith('Redis connection'));
      expect(lines(warn)).toEqual([expect.stringMatching(/^Redis connection lost \(ECONNREFUSED\): rate-limited MCP calls are answered 503/)]);
      expect(lines(log)).toEqual([expect.stringMatching(/^Redis connection restored \(\d+ more errors during the outage not logged\)$/)]);
      // The rate limiter too says it once per outage, not once per refused call.
      const store = (spy: jest.SpyInstance) => spy.mock.calls.map(([message]) => String(message)).filter((message) => message.startsWith('Rate-limit store'));
      expect(store(error)).toEqual([expect.stringMatching(/^Rate-limit store unavailable, answering 503 until it answers again: /)]);
      expect(store(log)).toEqual([expect.stringMatching(/^Rate-limit store answers again; \d+ call\(s\) were answered 503 meanwhile$/)]);
      expect(consoleError.mock.calls.filter(([first]) => String(first).includes('[ioredis]'))).toEqual([]);
      expect(await kadu.db.selectFrom('tasks').select('name').execute()).toEqual([{ name: 'after' }]);
    } finally {
      jest.restoreAllMocks();
      await kadu.close();
      await own.stop();
    }
  });
});
