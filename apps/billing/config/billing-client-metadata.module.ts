import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ClientMetadataDocumentsModule, ClientMetadataOptionsFactory, provideClientMetadataSource, readClientMetadataCaFile } from '@kobana/oauth';
import { BillingConfig } from './billing-config.interface';

/**
 * Billing's client metadata options, from its configuration when the
 * application is created: the CA file is read then (unreadable → start-up
 * fails naming the variable), and `BILLING_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK`
 * is refused with NODE_ENV=production.
 */
const BILLING_CLIENT_METADATA_OPTIONS: ClientMetadataOptionsFactory = {
  inject: [ConfigService],
  useFactory: (config: ConfigService<BillingConfig, true>) => ({
    allowLoopback: config.get('BILLING_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK', { infer: true }),
    allowLoopbackSetting: 'BILLING_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK',
    ca: readClientMetadataCaFile('BILLING_OAUTH_CLIENT_METADATA_CA_FILE', config.get('BILLING_OAUTH_CLIENT_METADATA_CA_FILE', { infer: true })),
  }),
};

/** The `ClientMetadataSource` provider of Billing, for a module's `providers` (same options as {@link BillingClientMetadataModule}). */
export const BILLING_CLIENT_METADATA_SOURCE = provideClientMetadataSource(BILLING_CLIENT_METADATA_OPTIONS);

const BILLING_CLIENT_METADATA_DOCUMENTS = ClientMetadataDocumentsModule.register(BILLING_CLIENT_METADATA_OPTIONS);

/**
 * Client ID Metadata Documents, Billing's side: provides and exports the
 * `ClientMetadataSource` token of `@kobana/oauth` for the authorization
 * server to inject.
 */
@Module({
  imports: [BILLING_CLIENT_METADATA_DOCUMENTS],
  exports: [BILLING_CLIENT_METADATA_DOCUMENTS],
})
export class BillingClientMetadataModule {}
