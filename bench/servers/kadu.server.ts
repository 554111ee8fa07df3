/**
 * The real Kadu (the application `npm start` runs) on a fresh SQLite file,
 * with one MCP token and one API token of the same organization, so
 * `kadu_organization_get` and `GET /api/v1/organization` run the same service
 * method for the same caller.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { failStart, listenAndReport } from './server.ipc';

/** Callers the MCP load rotates over: 1024 × 600 calls a minute (10,240 a second) is far above what two cores serve. */
const KADU_BENCH_CLIENTS = 1024;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kadu-bench-'));
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  Object.assign(process.env, {
    HOST: '127.0.0.1',
    PORT: '3000', // unused: the harness's listener picks a free port; kept valid for the configuration loader
    PUBLIC_URL: 'http://127.0.0.1',
    DATABASE_URL: `sqlite:${join(dataDir, 'kadu.sqlite')}`,
    KADU_DEMO: 'false',
  });
  // Required after the environment is set: Kadu reads its configuration when its modules load.
  const { createKaduApp } = await import('../../src/app.setup');
  const { IdentityService } = await import('@kobana/identity');
  const app = await createKaduApp({ logger: ['error'] });
  await app.init();
  const identity = app.get(IdentityService);
  // Kadu keeps its production limits (600 reads a minute per caller: organization, user, OAuth client), so the
  // load rotates over callers that differ only by OAuth client, enough that no window fills.
  const mcpTokens: string[] = [];
  for (let client = 0; client < KADU_BENCH_CLIENTS; client++) {
    const created = await identity.createToken({ organization: 'bench', role: 'viewer', scopes: ['kadu:read'], clientId: `bench-${client}` });
    mcpTokens.push(created.token);
  }
  const apiToken = (await identity.createToken({ organization: 'bench', role: 'viewer', audience: 'api' })).token;
  await listenAndReport(app.getHttpServer(), { mcpTokens: mcpTokens.join(' '), apiToken });
}

main().catch(failStart);
