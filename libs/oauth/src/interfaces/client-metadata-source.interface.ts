/**
 * Client metadata as RFC 7591 names it, the subset this authorization server
 * reads from a Client ID Metadata Document.
 */
export interface ClientMetadataDocument {
  /** Equals the URL the document was fetched from. */
  client_id: string;
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
  redirect_uris: string[];
  grant_types?: string[];
  response_types?: string[];
  /** Only `none` is accepted: a document names a public client. */
  token_endpoint_auth_method?: string;
  scope?: string;
  /** `native` or `web` (OpenID Connect Registration); absent, the server decides from the redirect URIs. */
  application_type?: 'web' | 'native';
}

/** Injection token of the {@link ClientMetadataSource}. */
export const ClientMetadataSource = Symbol('ClientMetadataSource');

/**
 * Resolves an `https` `client_id` to its Client ID Metadata Document
 * (draft-ietf-oauth-client-id-metadata-document): fetched through the
 * outbound address guard, validated, and cached by its HTTP cache headers.
 */
export interface ClientMetadataSource {
  /**
   * The validated document of `clientId`.
   *
   * @throws ClientMetadataError when the URL is not acceptable, the fetch fails
   * or is refused, or the document is invalid (its message says which).
   */
  resolve(clientId: string): Promise<ClientMetadataDocument>;
  /** Whether `clientId` has the shape of a metadata-document URL (`https`, with a path), without fetching it. */
  isMetadataUrl(clientId: string): boolean;
}
