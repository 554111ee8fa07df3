/** The demo in production on Kadu (the cases in test/support/demo-production.cases.ts). */
import type { Kysely } from 'kysely';
import { openKaduDatabase } from '../../src/database/kadu-database.factory';
import { DemoTables, describeDemoInProduction } from '../support/demo-production.cases';

jest.setTimeout(180_000);

describeDemoInProduction({
  name: 'Kadu',
  npmScript: 'start',
  keys: { KADU_SIGNING_SECRET: 's'.repeat(44), KADU_ENCRYPTION_KEY: 'e'.repeat(44) },
  demoVariable: 'KADU_DEMO',
  tokenPrefix: 'kadu_',
  openDatabase: async (url) => {
    const opened = await openKaduDatabase(url);
    return { db: opened.db as unknown as Kysely<DemoTables>, destroy: () => opened.db.destroy() };
  },
});
