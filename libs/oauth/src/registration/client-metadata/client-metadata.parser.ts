import { clientMetadataOverLimit } from '../client-metadata-limits.constants';
import type { ClientMetadataDocument } from '../../interfaces/client-metadata-source.interface';
import { ClientMetadataError } from './client-metadata.error';
import { CLIENT_METADATA_MESSAGES } from './client-metadata.messages';

/** Shared-secret methods (and anything else): a document names a public client, there is no way to share a secret with it. */
const ACCEPTED_AUTH_METHODS = ['none'];

/**
 * Checks a fetched document against the draft and this server's rules, and
 * returns it normalized: only the fields of {@link ClientMetadataDocument},
 * `token_endpoint_auth_method` always `none`.
 *
 * @param url the URL it was fetched from, which its `client_id` must equal exactly (simple string comparison).
 * @throws ClientMetadataError naming the first rule broken.
 */
export function validateClientMetadata(url: string, document: unknown): ClientMetadataDocument {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) throw new ClientMetadataError(CLIENT_METADATA_MESSAGES.notObject(url));
  const fields = document as Record<string, unknown>;
  const invalid = (field: string, rule: string) => new ClientMetadataError(CLIENT_METADATA_MESSAGES.invalidField(url, field, rule));

  if (fields.client_id !== url) throw new ClientMetadataError(CLIENT_METADATA_MESSAGES.clientIdMismatch(url));
  for (const secret of ['client_secret', 'client_secret_expires_at']) {
    if (secret in fields) throw invalid(secret, 'must not be present: a metadata document names a public client');
  }
  const authMethod = fields.token_endpoint_auth_method;
  if (authMethod !== undefined && !ACCEPTED_AUTH_METHODS.includes(authMethod as string)) {
    throw invalid('token_endpoint_auth_method', 'must be "none" or absent: a metadata document cannot hold a client secret');
  }
  const redirectUris = fields.redirect_uris;
  if (!Array.isArray(redirectUris) || redirectUris.length === 0) throw invalid('redirect_uris', 'must be a non-empty array');
  if (!redirectUris.every(isAbsoluteUrl)) throw invalid('redirect_uris', 'must all be absolute URLs, without a fragment, of a scheme that can receive a code');
  const grantTypes = optionalStrings(fields, 'grant_types', invalid);
  if (grantTypes && !grantTypes.includes('authorization_code')) throw invalid('grant_types', 'must include authorization_code');
  const responseTypes = optionalStrings(fields, 'response_types', invalid);
  if (responseTypes && !responseTypes.includes('code')) throw invalid('response_types', 'must include code');

  const normalized: ClientMetadataDocument = { client_id: url, redirect_uris: [...redirectUris], token_endpoint_auth_method: 'none' };
  for (const field of ['client_name', 'client_uri', 'logo_uri', 'scope'] as const) {
    const value = fields[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw invalid(field, 'must be a string');
    normalized[field] = value;
  }
  const applicationType = fields.application_type;
  if (applicationType !== undefined && applicationType !== 'web' && applicationType !== 'native')
    throw invalid('application_type', 'must be "web" or "native"');
  if (applicationType !== undefined) normalized.application_type = applicationType;
  if (grantTypes) normalized.grant_types = grantTypes;
  if (responseTypes) normalized.response_types = responseTypes;
  // The same bounds as a registered client's: the document is small already (5 KiB), but a name is still shown whole.
  const overLimit = clientMetadataOverLimit({ ...normalized });
  if (overLimit) throw new ClientMetadataError(CLIENT_METADATA_MESSAGES.overLimit(url, overLimit));
  return normalized;
}

/** Schemes that run or read something where the browser lands instead of handing a code to an application. */
const UNSAFE_REDIRECT_SCHEMES = ['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:'];

function isAbsoluteUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.includes('#')) return false;
  try {
    return !UNSAFE_REDIRECT_SCHEMES.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function optionalStrings(fields: Record<string, unknown>, field: string, invalid: (field: string, rule: string) => Error): string[] | undefined {
  const value = fields[field];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) throw invalid(field, 'must be an array of strings');
  return [...value] as string[];
}
