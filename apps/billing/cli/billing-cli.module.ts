import { Module } from '@nestjs/common';
import { BillingConfigModule } from '../config/billing-config.module';
import { BillingDatabaseModule } from '../database/billing-database.module';
import { BillingIdentityModule } from '../identity/billing-identity.module';

/** What the CLI needs: configuration, the migrated database and identity. */
@Module({ imports: [BillingConfigModule, BillingDatabaseModule, BillingIdentityModule] })
export class BillingCliModule {}
