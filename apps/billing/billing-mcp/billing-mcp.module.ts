import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/invoices.module';
import { BillingResources } from './billing-resources.provider';

/** Billing's MCP resources; the tools live on the feature services. */
@Module({ imports: [InvoicesModule], providers: [BillingResources] })
export class BillingMcpModule {}
