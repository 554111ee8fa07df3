import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ClientMetadataDocumentsModule, ClientMetadataOptionsFactory, provideClientMetadataSource, readClientMetadataCaFile } from '@kobana/oauth';
import { KaduConfig } from './kadu-config.interface';

/**
 * Kadu's client metadata options, from its configuration when the
 * application is created: the CA file is read then (unreadable → start-up
 * fails naming the variable), and `KADU_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK`
 * is refused with NODE_ENV=production.
 */
const KADU_CLIENT_METADATA_OPTIONS: ClientMetadataOptionsFactory = {
  inject: [ConfigService],
  useFactory: (config: ConfigService<KaduConfig, true>) => ({
    allowLoopback: config.get('KADU_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK', { infer: true }),
    allowLoopbackSetting: 'KADU_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK',
    ca: readClientMetadataCaFile('KADU_OAUTH_CLIENT_METADATA_CA_FILE', config.get('KADU_OAUTH_CLIENT_METADATA_CA_FILE', { infer: true })),
  }),
};

/** The `ClientMetadataSource` provider of Kadu, for a module's `providers` (same options as {@link KaduClientMetadataModule}). */
export const KADU_CLIENT_METADATA_SOURCE = provideClientMetadataSource(KADU_CLIENT_METADATA_OPTIONS);

const KADU_CLIENT_METADATA_DOCUMENTS = ClientMetadataDocumentsModule.register(KADU_CLIENT_METADATA_OPTIONS);

/**
 * Client ID Metadata Documents, Kadu's side: provides and exports the
 * `ClientMetadataSource` token of `@kobana/oauth` for the authorization
 * server to inject.
 */
@Module({
  imports: [KADU_CLIENT_METADATA_DOCUMENTS],
  exports: [KADU_CLIENT_METADATA_DOCUMENTS],
})
export class KaduClientMetadataModule {}
