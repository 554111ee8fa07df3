/**
 * The authorization-code flow driven by hand with `fetch` (PKCE S256,
 * `resource`, `state`), for the cases an SDK hides: the exact error of a
 * refusal, revocation, and redeeming a code on another replica.
 */
import { createHash, randomBytes } from 'node:crypto';

/** The authorization server's endpoints, from its RFC 8414 metadata. */
export interface ServerEndpoints {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  revocation_endpoint?: string;
  registration_endpoint?: string;
}

/** An authorization request built by the client, and what the client keeps for the token request. */
export interface AuthorizationRequest {
  url: URL;
  verifier: string;
  state: string;
}

/** Builds an authorization request of a public client. */
export function authorizationRequest(
  server: ServerEndpoints,
  client: { clientId: string; redirectUri: string; resource: string; scope?: string },
): AuthorizationRequest {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const url = new URL(server.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: client.resource,
    state,
    ...(client.scope ? { scope: client.scope } : {}),
  }).toString();
  return { url, verifier, state };
}

/** A token endpoint answer, parsed. */
export interface TokenAnswer {
  status: number;
  body: Record<string, any>;
}

async function post(url: string, params: Record<string, string>): Promise<TokenAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams(params).toString(),
  });
  const text = await response.text();
  return { status: response.status, body: parseJson(text) };
}

function parseJson(text: string): Record<string, any> {
  try {
    return text ? (JSON.parse(text) as Record<string, any>) : {};
  } catch {
    return { raw: text };
  }
}

/** Redeems `code` (authorization_code grant, public client). */
export function redeemCode(
  tokenEndpoint: string,
  request: AuthorizationRequest,
  code: string,
  client: { clientId: string; redirectUri: string; resource: string },
): Promise<TokenAnswer> {
  return post(tokenEndpoint, {
    grant_type: 'authorization_code',
    code,
    code_verifier: request.verifier,
    redirect_uri: client.redirectUri,
    client_id: client.clientId,
    resource: client.resource,
  });
}

/** Redeems a refresh token. */
export function refresh(tokenEndpoint: string, refreshToken: string, client: { clientId: string; resource: string }): Promise<TokenAnswer> {
  return post(tokenEndpoint, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.clientId, resource: client.resource });
}

/** RFC 7009 revocation of `token` by the public client that holds it. */
export function revoke(revocationEndpoint: string, token: string, clientId: string, hint?: 'access_token' | 'refresh_token'): Promise<TokenAnswer> {
  return post(revocationEndpoint, { token, client_id: clientId, ...(hint ? { token_type_hint: hint } : {}) });
}

/** A raw era-2025 `tools/list` with `token`: the status, the challenge and the tool names. */
export async function rawToolsList(mcpUrl: string, token: string): Promise<{ status: number; challenge: string | null; tools: string[] }> {
  const response = await fetch(mcpUrl, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-06-18',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  const body = (await response.json().catch(() => ({}))) as { result?: { tools?: Array<{ name: string }> } };
  return { status: response.status, challenge: response.headers.get('www-authenticate'), tools: (body.result?.tools ?? []).map((tool) => tool.name) };
}
