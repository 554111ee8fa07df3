import { Module } from '@nestjs/common';
import { BillingCommonModule } from '../common/billing-common.module';
import { BillingDatabaseModule } from '../database/billing-database.module';
import { BillingIdentityModule } from '../identity/billing-identity.module';
import { NfesController } from './nfes.controller';
import { NfesService } from './nfes.service';

/** NF-e: issue, cancel, PDF and XML, over REST and MCP. */
@Module({
  imports: [BillingDatabaseModule, BillingIdentityModule, BillingCommonModule],
  controllers: [NfesController],
  providers: [NfesService],
})
export class NfesModule {}
