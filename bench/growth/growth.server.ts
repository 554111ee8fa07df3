/**
 * The real Kadu (the application `npm start` runs) on the
 * database the growth benchmark seeded (`DATABASE_URL` from the parent), with
 * MCP tokens of the seeded demo organization (`org-0`) for its HTTP rows:
 * owners, who see its audit trail, one OAuth client each, so 200 calls in a
 * row stay far inside Kadu's production rate limits (600 reads a minute per
 * organization, person and client). It reports, beside its port, how long
 * the host's start-up took (`createHostApp` and `init`, its modules loaded).
 */
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { setKaduServerEnv } from '../servers/kadu-server.env';
import { failStart, listenAndReport } from '../servers/server.ipc';
import { GROWTH_CLIENT_PREFIX, GROWTH_CLIENTS, GROWTH_ORGANIZATION } from './growth.constants';

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is required: the seeded database');
  setKaduServerEnv(process.env.DATABASE_URL);
  // Imported after the environment is set: Kadu reads its configuration when its modules load.
  const { createHostApp } = await import('@kobana/platform');
  const { KADU } = await import('../../src/kadu.host');
  const { IdentityService } = await import('@kobana/identity');
  // The host's own start-up, modules loaded: migrations checked, modules and workers started (a pruner's first sweep is not awaited).
  const started = performance.now();
  const app = await createHostApp(KADU, { logger: ['error'] });
  await app.init();
  const startMs = performance.now() - started;
  const identity = app.get(IdentityService);
  const tokens: string[] = [];
  for (let client = 0; client < GROWTH_CLIENTS; client++) {
    const created = await identity.createToken({
      organization: GROWTH_ORGANIZATION,
      role: 'owner',
      scopes: ['kadu:read'],
      clientId: `${GROWTH_CLIENT_PREFIX}${client}`,
    });
    tokens.push(created.token);
  }
  await listenAndReport(app.getHttpServer(), { tokens: tokens.join(' '), startMs: startMs.toFixed(1) });
}

main().catch(failStart);
