import { Environment } from '@kobana/host-kit';
import { HostFlowsModule, loadHostConfig } from '@kobana/platform';
import { describeClientMetadataModule } from '../../../test/support/client-metadata-module.cases';
import { BILLING } from '../billing.host';

describeClientMetadataModule({
  name: 'BillingClientMetadataModule',
  module: HostFlowsModule.clientMetadata(BILLING),
  prefix: 'BILLING',
  loadConfig: (env: Environment) => loadHostConfig(BILLING, env),
});
