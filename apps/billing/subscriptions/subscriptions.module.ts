import { Module } from '@nestjs/common';
import { BillingCommonModule } from '../common/billing-common.module';
import { BillingDatabaseModule } from '../database/billing-database.module';
import { BillingIdentityModule } from '../identity/billing-identity.module';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsService } from './subscriptions.service';

/** Subscriptions and their proration, over REST and MCP. */
@Module({
  imports: [BillingDatabaseModule, BillingIdentityModule, BillingCommonModule],
  controllers: [SubscriptionsController],
  providers: [SubscriptionsService],
})
export class SubscriptionsModule {}
