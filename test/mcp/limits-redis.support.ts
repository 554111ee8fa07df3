/**
 * A throwaway `redis-server` on a free loopback port for one spec: no
 * persistence, killed (by its own pid) afterwards.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import Redis from 'ioredis';

/** A running Redis and a client connected to it. */
export interface TestRedis {
  url: string;
  client: Redis;
  stop(): Promise<void>;
}

/** Whether `redis-server` is installed (scripts/test-prerequisites.sh checks for it before any test runs). */
export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version']).status === 0;
}

/**
 * `port`: where a stopped Redis is started again, for a spec of its return.
 * @throws Error when `redis-server` is not installed: a spec that needs Redis fails, it never skips.
 */
export async function startRedis(port?: number): Promise<TestRedis> {
  if (!hasRedisServer()) throw new Error('redis-server is not installed: sudo apt-get update && sudo apt-get install -y redis-server');
  port ??= await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const url = `redis://127.0.0.1:${port}`;
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 50 });
  const deadline = Date.now() + 5000;
  for (;;) {
    try {
      await client.connect();
      await client.ping();
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw error;
      }
      client.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    client,
    stop: async () => {
      client.disconnect();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
