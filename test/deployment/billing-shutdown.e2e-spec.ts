/**
 * Kobana Billing's own process on SIGTERM (docs/deployment.md, "Shutdown"):
 * started as an operator starts it (`apps/billing/main.ts`), readiness
 * answers 503 `draining` from the signal on connections already open, and
 * the process exits 0 once they are answered, with its shutdown line. Kadu's
 * replicas are tried the same way behind nginx (`nginx.e2e-spec.ts`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Replica, startReplica } from '../replicas/replica.process';
import { holdReadinessProbe } from './held-probe';

const HELD_PROBES = 3;
/** Until the process has accepted the held probes: a connection still in the listen backlog at SIGTERM is reset. */
const HELD_PROBE_ACCEPT_MS = 1000;
const HELD_PROBE_STEP_MS = 150;

const delay = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('Kobana Billing on SIGTERM', () => {
  let dir: string;
  let billing: Replica | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'billing-shutdown-'));
    billing = await startReplica(
      'billing',
      {
        DATABASE_URL: `sqlite:${join(dir, 'billing.sqlite')}`,
        // The shutdown's lines (jest's NODE_ENV=test silences the log otherwise).
        LOG_LEVEL: 'info',
      },
      undefined,
      'apps/billing/main.ts',
    );
  });
  afterAll(async () => {
    await billing?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers /readyz 503 draining on open connections from the signal, then exits 0', async () => {
    const port = Number(new URL(billing!.baseUrl).port);
    const ready = await fetch(`${billing!.baseUrl}/readyz`);
    expect(ready.status).toBe(200);

    const held = await Promise.all(Array.from({ length: HELD_PROBES }, () => holdReadinessProbe(port)));
    await delay(HELD_PROBE_ACCEPT_MS);
    const exited = billing!.kill('SIGTERM');
    const probes: Array<{ status: number; body: string }> = [];
    for (const probe of held) {
      await delay(HELD_PROBE_STEP_MS);
      probes.push(await probe.complete());
    }
    await exited;

    // Closed to new connections once it drains.
    await expect(fetch(`${billing!.baseUrl}/healthz`)).rejects.toThrow();
    const shutdownLines = billing!
      .log()
      .split('\n')
      .filter((line) => line.includes('[Shutdown]'))
      .join('\n');
    expect({ exitCode: billing!.exitCode, probes, shutdownLines }).toEqual({
      exitCode: 0,
      probes: Array.from({ length: HELD_PROBES }, () => ({ status: 503, body: expect.stringContaining('"failed":["draining"]') })),
      shutdownLines: expect.stringMatching(/Shut down in \d+ ms/),
    });
  });
});
