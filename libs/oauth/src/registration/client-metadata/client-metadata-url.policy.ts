/** `.` and `..`, also percent-encoded: the URL parser would remove them, and the document's `client_id` would no longer be the URL. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * Whether `clientId` has the shape of a Client ID Metadata Document URL
 * (draft-ietf-oauth-client-id-metadata-document §3): `https`, a path other
 * than `/`, no fragment, no user or password, no `.` or `..` segment. A
 * query is allowed (the draft discourages it, it does not forbid it). Any
 * other client id is one this server registered.
 */
export function isClientMetadataUrl(clientId: string): boolean {
  if (typeof clientId !== 'string' || !clientId.startsWith('https://') || clientId.includes('#')) return false;
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.pathname === '/' || url.pathname === '') return false;
  // Read from the text as given: `new URL` has already resolved the dot segments.
  const rest = clientId.slice('https://'.length);
  const slash = rest.indexOf('/');
  if (slash < 0 || rest.slice(0, slash).includes('@')) return false;
  const path = rest.slice(slash).split('?')[0];
  return !path.split('/').some((segment) => DOT_SEGMENT.test(segment));
}
