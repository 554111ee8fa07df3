import { Kysely } from 'kysely';
import { describeDatabase, parseDatabaseUrl } from '../../../src/database/database-url.parser';
import { migrateToLatest } from '../../../src/database/database.migrator';
import { OpenedDatabase } from '../../../src/database/database.factory';
import { createDialect } from '../../../src/database/database.dialect';
import { BillingDatabase } from './billing-database.interface';
import { BILLING_MIGRATIONS } from './migrations';

/**
 * Opens Billing's database with Kadu's URL parser, dialects (SQLite or PostgreSQL) and
 * migrator, and Billing's migrations. The caller owns it and must `destroy()` it.
 */
export async function openBillingDatabase(databaseUrl: string): Promise<Omit<OpenedDatabase, 'db'> & { db: Kysely<BillingDatabase> }> {
  const location = parseDatabaseUrl(databaseUrl);
  const db = new Kysely<BillingDatabase>({ dialect: createDialect(location) });
  try {
    const applied = await migrateToLatest(db, BILLING_MIGRATIONS);
    return { db, applied, description: describeDatabase(location) };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
