import { describeClientMetadataModule } from '../../test/support/client-metadata-module.cases';
import { KaduClientMetadataModule } from './kadu-client-metadata.module';
import { loadKaduConfig } from './kadu-config.loader';

describeClientMetadataModule({ name: 'KaduClientMetadataModule', module: KaduClientMetadataModule, prefix: 'KADU', loadConfig: loadKaduConfig });
