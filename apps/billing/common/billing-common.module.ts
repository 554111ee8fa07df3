import { Module } from '@nestjs/common';
import { BillingDatabaseModule } from '../database/billing-database.module';
import { BillingIdempotency } from './billing-idempotency.service';

/** What every Billing feature with writes needs. */
@Module({ imports: [BillingDatabaseModule], providers: [BillingIdempotency], exports: [BillingIdempotency] })
export class BillingCommonModule {}
