import { describeClientMetadataModule } from '../../../test/support/client-metadata-module.cases';
import { BillingClientMetadataModule } from './billing-client-metadata.module';
import { loadBillingConfig } from './billing-config.loader';

describeClientMetadataModule({ name: 'BillingClientMetadataModule', module: BillingClientMetadataModule, prefix: 'BILLING', loadConfig: loadBillingConfig });
