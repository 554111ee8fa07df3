/**
 * A `client_id` that names a Client ID Metadata Document could not be used:
 * the document could not be fetched, was refused, or is invalid. The message
 * is the RFC-facing `error_description` of the `invalid_client` error the
 * authorization server answers; it names the URL and, for an answer that
 * came, what is wrong with it. A fetch that got no answer says only that, so
 * the message never tells anything of this server's network.
 */
export class ClientMetadataError extends Error {
  override readonly name = 'ClientMetadataError';
  /** The OAuth error code (RFC 6749 §5.2) to answer with. */
  readonly error = 'invalid_client';
}
