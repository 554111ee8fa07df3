import { Kysely } from 'kysely';
import { HealthModule, databaseReadinessChecks } from '@kobana/host-kit';
import { BillingDatabaseModule } from '../database/billing-database.module';
import { BILLING_DATABASE } from '../database/billing-database.constants';
import { BillingDatabase } from '../database/billing-database.interface';
import { BILLING_MIGRATIONS } from '../database/migrations';

/** Billing's probes: `/readyz` checks the database and its migrations (Billing keeps nothing in Redis). */
export const BillingHealthModule = HealthModule.forRootAsync({
  imports: [BillingDatabaseModule],
  inject: [BILLING_DATABASE],
  useFactory: (db: Kysely<BillingDatabase>) => databaseReadinessChecks(db, BILLING_MIGRATIONS),
});
