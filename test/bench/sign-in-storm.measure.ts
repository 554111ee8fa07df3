/**
 * How much a storm of anonymous sign-ins slows a file download (issue 16).
 * scrypt runs on libuv's 4-thread pool, which file reads share. Starts a real
 * Kadu, then downloads a small file through its signed URL, one request at a
 * time, for a few seconds each:
 *
 * - `idle`: nothing else running;
 * - `unbounded`: 24 concurrent password checks kept in flight, each straight
 *   through `IdentityService.verifyPassword` as the sign-in page did before
 *   it had a gate;
 * - `gated`: 24 concurrent `POST /sign-in` kept in flight over HTTP (unknown
 *   e-mails; the throttle's rows are cleared every 250 ms so the storm keeps hashing
 *   instead of being answered 429 for free, which measures the gate alone).
 *
 * Run: `npx ts-node --transpile-only -r tsconfig-paths/register test/bench/sign-in-storm.measure.ts`
 * (`STORM_SECONDS`, default 4). Prints p50, p95 and max latency per phase.
 */
import { randomUUID } from 'node:crypto';
import { FilesWriter } from '../../src/files/files-storage.service';
import { callTool } from '../kadu/files-webhooks.support';
import { KaduTestApp, startKadu } from '../support/kadu-app';

const STORM = 24;
const SECONDS = Number(process.env.STORM_SECONDS ?? 4);

async function main(): Promise<void> {
  const kadu = await startKadu({ logger: ['error'] });
  try {
    const token = await kadu.token('org-a', 'owner');
    const org = await kadu.identity.ensureOrganization('org-a');
    const file = await kadu.app.get(FilesWriter).writeOutput(org.id, { filename: 'small.csv', content_type: 'text/csv', bytes: Buffer.alloc(64 * 1024, 'a') });
    const { body } = await callTool(kadu, token, 'kadu_files_download', { id: file.id });
    const url = (body as { download_url: string }).download_url;

    report('idle', await downloads(url));
    report('unbounded', await downloads(url, () => kadu.identity.verifyPassword(`${randomUUID()}@storm.test`, 'wrong-password').then(() => undefined)));
    const answers = new Map<number, number>();
    const count = (status: number) => void answers.set(status, (answers.get(status) ?? 0) + 1);
    // Every 250 ms the counters that would otherwise answer 429 without hashing are cleared (not per request: each delete is a write).
    const clearing = setInterval(() => void kadu.db.deleteFrom('sign_in_throttles').execute(), 250);
    try {
      report('gated', await downloads(url, async () => count(await signIn(kadu))));
    } finally {
      clearInterval(clearing);
    }
    console.log(`gated sign-ins answered: ${[...answers].map(([status, count]) => `${count} × ${status}`).join(', ')}`);
  } finally {
    await kadu.close();
  }
}

/** POST /sign-in with an unknown e-mail. */
async function signIn(kadu: KaduTestApp): Promise<number> {
  const res = await fetch(`${kadu.baseUrl}/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: `${randomUUID()}@storm.test`, password: 'wrong-password' }),
  });
  await res.arrayBuffer();
  return res.status;
}

/** Latencies (ms) of sequential downloads while `STORM` workers loop on `load` (none without it). */
async function downloads(url: string, load?: () => Promise<void>): Promise<number[]> {
  const until = Date.now() + SECONDS * 1000;
  const workers = Array.from({ length: load ? STORM : 0 }, async () => {
    while (Date.now() < until) await load!();
  });
  await new Promise((resolve) => setTimeout(resolve, 200)); // let the storm build up
  const latencies: number[] = [];
  while (Date.now() < until - 200) {
    const start = performance.now();
    const res = await fetch(url);
    if (res.status !== 200) throw new Error(`download answered ${res.status}`);
    await res.arrayBuffer();
    latencies.push(performance.now() - start);
  }
  await Promise.all(workers);
  return latencies;
}

function report(phase: string, latencies: number[]): void {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
  console.log(`${phase.padEnd(10)} downloads=${String(sorted.length).padStart(4)}  p50=${at(0.5)} ms  p95=${at(0.95)} ms  max=${at(1)} ms`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
