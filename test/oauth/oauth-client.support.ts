/**
 * A test OAuth client and a browser of one person, over plain HTTP: Dynamic
 * Client Registration, PKCE, the authorization redirects with their cookies,
 * the host's sign-in and consent form, and the token endpoint.
 */
import { createHash, randomBytes } from 'node:crypto';

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** Cookies of one browser (names only: every cookie goes with every request, enough for one host). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair.trim().split('=');
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value.join('='));
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** A PKCE pair (S256). */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** One host as the client sees it: where it listens, and the origin its URLs (issuer, resource) name. */
export interface OAuthHost {
  baseUrl: string;
  /** The issuer and PUBLIC_URL; redirects to it are followed on `baseUrl`. */
  issuer: string;
  /** The MCP resource (`issuer` + `/mcp`). */
  resource: string;
  /** Where the MCP endpoint listens. */
  mcpUrl: string;
}

/** Where an authorization ended: back at the client (`url`), or on the consent page of interaction `uid`. */
export type AuthorizationStep = { kind: 'redirect'; url: URL } | { kind: 'consent'; uid: string; html: string; status: number };

export const REDIRECT_URI = 'http://127.0.0.1:8976/callback';

/** Registers a public client (RFC 7591); answers the response. */
export function register(host: OAuthHost, metadata: Record<string, unknown> = {}): Promise<Response> {
  return fetch(`${host.baseUrl}/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_name: 'Test Agent', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none', ...metadata }),
  });
}

/** Registers a client and answers its id. */
export async function registeredClient(host: OAuthHost, metadata: Record<string, unknown> = {}): Promise<string> {
  const res = await register(host, metadata);
  if (res.status !== 201) throw new Error(`registration: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { client_id: string }).client_id;
}

/** One person's browser on one host. */
export class Browser {
  readonly jar = new CookieJar();

  constructor(private readonly host: OAuthHost) {}

  /** Signs in on the host's `/sign-in` form. */
  async signIn(email: string, password: string): Promise<void> {
    const res = await fetch(`${this.host.baseUrl}/sign-in`, {
      method: 'POST',
      headers: { ...FORM, Cookie: this.jar.header() },
      body: new URLSearchParams({ email, password }),
      redirect: 'manual',
    });
    if (res.status !== 303) throw new Error(`sign-in: ${res.status}`);
    this.jar.store(res);
  }

  /** Opens `/authorize` with `params` and follows redirects to the client or to the consent page. */
  authorize(params: Record<string, string | undefined>): Promise<AuthorizationStep> {
    const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
    return this.follow(`${this.host.baseUrl}/authorize?${query}`);
  }

  /** Posts the consent form of `uid` with `decision`, then follows redirects. */
  async decide(step: AuthorizationStep, decision: 'allow' | 'deny'): Promise<AuthorizationStep> {
    if (step.kind !== 'consent') throw new Error(`no consent page: ${step.url.href}`);
    const csrf = /name="csrf_token" value="([^"]*)"/.exec(step.html)![1];
    const res = await fetch(`${this.host.baseUrl}/oauth/consent/${step.uid}`, {
      method: 'POST',
      headers: { ...FORM, Cookie: this.jar.header() },
      body: new URLSearchParams({ csrf_token: csrf, decision }),
      redirect: 'manual',
    });
    this.jar.store(res);
    return this.next(res);
  }

  /** Follows GET redirects from `url`. */
  async follow(url: string): Promise<AuthorizationStep> {
    const res = await fetch(url, { headers: { Cookie: this.jar.header() }, redirect: 'manual' });
    this.jar.store(res);
    return this.next(res);
  }

  private async next(res: Response): Promise<AuthorizationStep> {
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const target = new URL(location, this.host.issuer);
      if (target.origin !== new URL(this.host.issuer).origin) return { kind: 'redirect', url: target };
      return this.follow(`${this.host.baseUrl}${target.pathname}${target.search}`);
    }
    const uid = /\/oauth\/consent\/([A-Za-z0-9_-]+)/.exec(res.url)?.[1] ?? '';
    return { kind: 'consent', uid, html: await res.text(), status: res.status };
  }
}

/** The token endpoint with a form body. */
export function tokenRequest(host: OAuthHost, body: Record<string, string>): Promise<Response> {
  return fetch(`${host.baseUrl}/token`, { method: 'POST', headers: FORM, body: new URLSearchParams(body) });
}

/** An authorization request's parameters, with PKCE and the host's resource. */
export function authorizationParams(host: OAuthHost, clientId: string, challenge: string, extra: Record<string, string | undefined> = {}) {
  return {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: host.resource,
    state: 'state-1',
    ...extra,
  };
}

/** One JSON-RPC call to the MCP endpoint with a bearer token (era 2025). */
export async function mcp(host: OAuthHost, token: string, method: string, params: Record<string, unknown> = {}): Promise<Response> {
  return fetch(host.mcpUrl, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-06-18',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
}
