import { Environment } from '@kobana/host-kit';
import { HostFlowsModule, loadHostConfig } from '@kobana/platform';
import { describeClientMetadataModule } from '../../test/support/client-metadata-module.cases';
import { KADU } from '../kadu.host';

describeClientMetadataModule({
  name: 'KaduClientMetadataModule',
  module: HostFlowsModule.clientMetadata(KADU),
  prefix: 'KADU',
  loadConfig: (env: Environment) => loadHostConfig(KADU, env),
});
