/**
 * Bounds of a client's metadata, registered (Dynamic Client Registration) or
 * published (a metadata document): what a real client fits in, with room,
 * and what keeps a row and a consent page small. Why each number is in
 * `docs/security-model.md`, "Dynamic Client Registration: bounds, expiry and
 * the shared limit".
 */
export const CLIENT_METADATA_LIMITS = {
  /** Characters (code points) of `client_name`. */
  clientNameLength: 200,
  /** Entries of `redirect_uris`, and of any other list (`contacts`, `grant_types`, ...). */
  listEntries: 10,
  /** Characters of one redirect URI, and of any other text field (`client_uri`, `logo_uri`, ...). */
  textLength: 2000,
  /** Characters of an object field (`jwks`) as JSON. */
  objectLength: 8192,
} as const;

/** A UTF-16 surrogate without its pair: not text, and rendered as a replacement character or not at all. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * The first bound `metadata` breaks, in words for `error_description`
 * ("the field …": one starting with "redirect_uris" would make oidc-provider
 * answer `invalid_redirect_uri`); `undefined` when it keeps them all. Values of the
 * wrong type are left to the caller's own checks.
 */
export function clientMetadataOverLimit(metadata: Record<string, unknown>): string | undefined {
  const { clientNameLength, listEntries, textLength, objectLength } = CLIENT_METADATA_LIMITS;
  for (const [field, value] of Object.entries(metadata)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return `the field ${field} must be well-formed Unicode text (it holds a lone surrogate)`;
      const limit = field === 'client_name' ? clientNameLength : textLength;
      if ([...value].length > limit) return `the field ${field} must be at most ${limit} characters`;
    } else if (Array.isArray(value)) {
      if (value.length > listEntries) return `the field ${field} may hold at most ${listEntries} entries (got ${value.length})`;
      const index = value.findIndex((entry) => typeof entry === 'string' && (entry.length > textLength || LONE_SURROGATE.test(entry)));
      if (index >= 0) return `each entry of the field ${field} must be well-formed text of at most ${textLength} characters (${field}[${index}] is not)`;
    } else if (typeof value === 'object' && JSON.stringify(value).length > objectLength) {
      return `the field ${field} must be at most ${objectLength} characters as JSON`;
    }
  }
  return undefined;
}
