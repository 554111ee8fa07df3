/**
 * `@kobana/oauth`: the OAuth 2.1 authorization server of a host's MCP
 * resource, embedded in the host and kept in its database.
 */
export { ClientMetadataSource } from './interfaces/client-metadata.source';
export type { ClientMetadataDocument } from './interfaces/client-metadata.source';

// Client ID Metadata Documents: the ClientMetadataSource the hosts provide.
export { ClientMetadataDocuments } from './client-metadata/client-metadata.resolver';
export { ClientMetadataDocumentsModule, provideClientMetadataSource } from './client-metadata/client-metadata.module';
export type { ClientMetadataOptionsFactory } from './client-metadata/client-metadata.module';
export { resolveClientMetadataOptions } from './client-metadata/client-metadata.options';
export type { ClientMetadataOptions, ResolvedClientMetadataOptions } from './client-metadata/client-metadata.options';
export { ClientMetadataError } from './client-metadata/client-metadata.error';
export { ClientMetadataPolicyError } from './client-metadata/client-metadata-policy.error';
export { isClientMetadataUrl } from './client-metadata/client-metadata.url';
export { readClientMetadataCaFile } from './client-metadata/client-metadata.ca-file';
