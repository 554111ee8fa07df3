import { Logger, Module, OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_FILTER } from '@nestjs/core';
import { Kysely } from 'kysely';
import { DatabaseUnavailableFilter } from '@kobana/database';
import { BillingConfig } from '../config/billing-config.interface';
import { BILLING_DATABASE } from './billing-database.constants';
import { BillingDatabase } from './billing-database.interface';
import { openBillingDatabase } from './billing-database.factory';
import { InjectBillingDatabase } from './inject-billing-database.decorator';

/**
 * Provides Billing's migrated database under {@link BILLING_DATABASE}, closes it on shutdown, and
 * answers its transient faults 503 on every HTTP route ({@link DatabaseUnavailableFilter}).
 */
@Module({
  providers: [
    {
      provide: BILLING_DATABASE,
      inject: [ConfigService],
      useFactory: async (config: ConfigService<BillingConfig, true>): Promise<Kysely<BillingDatabase>> => {
        const { db, applied, description } = await openBillingDatabase(config.get('DATABASE_URL', { infer: true }));
        new Logger('BillingDatabase').log(`Opened ${description} (${applied.length ? `applied ${applied.join(', ')}` : 'schema up to date'})`);
        return db;
      },
    },
    { provide: APP_FILTER, useClass: DatabaseUnavailableFilter },
  ],
  exports: [BILLING_DATABASE],
})
export class BillingDatabaseModule implements OnModuleDestroy {
  constructor(@InjectBillingDatabase() private readonly db: Kysely<BillingDatabase>) {}

  /** Releases the file handle so tests and restarts leave no lock behind. */
  async onModuleDestroy(): Promise<void> {
    await this.db.destroy();
  }
}
