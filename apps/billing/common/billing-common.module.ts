import { Module } from '@nestjs/common';
import { IdempotencyModule } from '@kobana/idempotency';
import { BILLING_DATABASE } from '../database/billing-database.constants';
import { BillingDatabaseModule } from '../database/billing-database.module';

const BILLING_IDEMPOTENCY = IdempotencyModule.register({ imports: [BillingDatabaseModule], database: BILLING_DATABASE });

/** What every Billing feature with writes needs: `IdempotencyService<BillingDatabase>` on Billing's database. */
@Module({ imports: [BILLING_IDEMPOTENCY], exports: [BILLING_IDEMPOTENCY] })
export class BillingCommonModule {}
