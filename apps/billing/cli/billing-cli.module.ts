import { Module } from '@nestjs/common';
import { BillingConfigModule } from '../config/billing-config.module';
import { BillingDatabaseModule } from '../database/billing-database.module';
import { BillingIdentityModule } from '../identity/billing-identity.module';
import { BillingConnectedAppsCliModule } from '../connected-apps/billing-connected-apps.module';

/** What the CLI needs: configuration, the migrated database, identity and the OAuth grants and clients. */
@Module({ imports: [BillingConfigModule, BillingDatabaseModule, BillingIdentityModule, BillingConnectedAppsCliModule] })
export class BillingCliModule {}
