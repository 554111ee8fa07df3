import { Module } from '@nestjs/common';
import { BillingCommonModule } from '../common/billing-common.module';
import { BillingDatabaseModule } from '../database/billing-database.module';
import { BillingIdentityModule } from '../identity/billing-identity.module';
import { CustomersController } from './customers.controller';
import { CustomersService } from './customers.service';

/** Customers, over REST and (through `@McpTool()`) over MCP. */
@Module({
  imports: [BillingDatabaseModule, BillingIdentityModule, BillingCommonModule],
  controllers: [CustomersController],
  providers: [CustomersService],
  exports: [CustomersService],
})
export class CustomersModule {}
