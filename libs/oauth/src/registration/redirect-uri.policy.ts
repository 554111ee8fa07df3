/** Host names of the loopback interface, where a native application listens for its redirect. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Whether a client may register `uri` as a redirect URI: `https`, or `http`
 * on a loopback address with any port (native applications, RFC 8252 §7.3).
 * Custom schemes (`com.example.app:/cb`) are refused: any application on a
 * device may claim one, and the MCP authorization spec allows only these two.
 */
export function isAllowedRedirectUri(uri: string): boolean {
  const url = URL.parse(uri);
  if (!url || url.hash !== '' || url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:') return url.hostname !== '';
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/** Whether `uri` is an http URI on the loopback interface: whatever program of this computer listens there gets what is sent to it. */
export function isLoopbackUri(uri: string): boolean {
  const url = URL.parse(uri);
  return url?.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * The `application_type` a client gets. `native` (RFC 8252: a loopback
 * redirect URI matches on any port, §7.3) when the client says so, or says
 * nothing and every redirect URI is loopback http, the MCP clients' case
 * (their SDKs register without it). A client that says `web` keeps exact
 * matching (docs/security-model.md, "Any port for a loopback redirect").
 */
export function applicationTypeOf(redirectUris: unknown, declared: unknown): 'web' | 'native' {
  if (declared === 'native' || declared === 'web') return declared;
  // Runs before the library has checked the metadata's types: anything but a list of strings is not native, and is refused later.
  const uris: unknown[] = Array.isArray(redirectUris) ? redirectUris : [];
  return uris.length > 0 && uris.every((uri) => typeof uri === 'string' && isLoopbackUri(uri)) ? 'native' : 'web';
}
