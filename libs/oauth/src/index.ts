/**
 * `@kobana/oauth`: the OAuth 2.1 authorization server of a host's MCP
 * resource, embedded in the host and kept in its database.
 */
export { ClientMetadataSource } from './interfaces/client-metadata.source';
export type { ClientMetadataDocument } from './interfaces/client-metadata.source';
