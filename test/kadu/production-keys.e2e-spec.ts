/**
 * Keys in production on Kadu (the cases in
 * test/support/production-keys.cases.ts): its keys are the signing secret
 * and the encryption key.
 */
import { Kysely } from 'kysely';
import { KaduDatabase } from '../../src/database/kadu-database.interface';
import { describeProductionKeys } from '../support/production-keys.cases';
import { startKadu } from '../support/kadu-app';
import { HOST_DATABASE as KADU_DATABASE, createHostApp } from '@kobana/platform';
import { KADU } from '../../src/kadu.host';
import type { NestApplicationOptions } from '@nestjs/common';

const createKaduApp = (options?: NestApplicationOptions) => createHostApp(KADU, options);

jest.setTimeout(90_000);

describeProductionKeys({
  name: 'Kadu',
  product: 'Kadu',
  keys: { KADU_SIGNING_SECRET: 's'.repeat(44), KADU_ENCRYPTION_KEY: 'e'.repeat(44) },
  demoVariable: 'KADU_DEMO',
  refusal:
    'Refusing to start with NODE_ENV=production: KADU_SIGNING_SECRET, KADU_ENCRYPTION_KEY are not set, and a key generated into the database it protects is refused. ' +
    'Set each one in the environment, at least 32 random characters',
  npmScript: 'start',
  tokenPrefix: 'kadu_mcp_',
  createApp: () => createKaduApp({ logger: false }),
  storedSecrets: (app) => app.get<Kysely<KaduDatabase>>(KADU_DATABASE).selectFrom('secrets').selectAll().execute(),
  startWith: async (env) => {
    const kadu = await startKadu({ env });
    const token = await kadu.token('prod', 'viewer', { audience: 'api' });
    return {
      apiStatus: async () => (await fetch(`${kadu.baseUrl}/api/v1/organization`, { headers: { Authorization: `Bearer ${token}` } })).status,
      storedSecrets: () => kadu.db.selectFrom('secrets').selectAll().execute(),
      close: () => kadu.close(),
    };
  },
});
