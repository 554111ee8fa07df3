import { Module } from '@nestjs/common';
import { BillingCommonModule } from '../common/billing-common.module';
import { BillingDatabaseModule } from '../database/billing-database.module';
import { BillingIdentityModule } from '../identity/billing-identity.module';
import { InvoicesController } from './invoices.controller';
import { InvoicesService } from './invoices.service';

/** Invoices and their PDF, over REST and MCP. */
@Module({
  imports: [BillingDatabaseModule, BillingIdentityModule, BillingCommonModule],
  controllers: [InvoicesController],
  providers: [InvoicesService],
  exports: [InvoicesService],
})
export class InvoicesModule {}
