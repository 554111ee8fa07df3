/**
 * The sign-in a real MCP client goes through, for both official clients:
 * the first request gets 401, the SDK discovers the authorization server
 * from the challenge's `resource_metadata`, uses the client's metadata
 * document URL as client_id (or registers, DCR), and hands the
 * authorization URL to the person (Chromium); the redirect's code is then
 * given to `finishAuth`, and a new connection uses the tokens.
 */
import { Client as Sdk1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError as Sdk1UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport as Sdk1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as Client2, StreamableHTTPClientTransport as Transport2, UnauthorizedError as Unauthorized2 } from '@modelcontextprotocol/client';
import { FetchLike, HttpRecorder } from '../clients/http-recorder';
import { MemoryOAuthProvider } from './memory-oauth-provider.support';
import { AuthorizationOutcome, Person, PersonBrowser, RedirectCatcher } from './person-browser.support';

/** The era-2026 revision the 2.x client is pinned to. */
export const CLIENT2_VERSION = '2026-07-28';

/** A provider whose authorization URLs the person opens in Chromium, signing in and choosing `decision`. */
export function personProvider(
  browser: PersonBrowser,
  catcher: RedirectCatcher,
  who: Person,
  options: { clientName: string; clientMetadataUrl?: string; decision?: 'allow' | 'deny' },
): { provider: MemoryOAuthProvider; outcomes: AuthorizationOutcome[] } {
  const outcomes: AuthorizationOutcome[] = [];
  const provider = new MemoryOAuthProvider({
    clientName: options.clientName,
    redirectUri: catcher.redirectUri,
    clientMetadataUrl: options.clientMetadataUrl,
    authorize: async (url) => {
      const outcome = await browser.authorize(url, who, catcher, options.decision ?? 'allow');
      outcomes.push(outcome);
      return outcome.callback;
    },
  });
  return { provider, outcomes };
}

/** What a finished sign-in left behind. */
export interface SignedIn<C> {
  client: C;
  /** The first connection's error: the SDK's UnauthorizedError after the redirect. */
  firstError: unknown;
}

function checkCallback(provider: MemoryOAuthProvider): URLSearchParams {
  const callback = provider.callback;
  if (!callback) throw new Error('the person was never sent to the authorization URL');
  if (callback.get('error')) throw new Error(`authorization refused: ${callback.get('error')} ${callback.get('error_description') ?? ''}`);
  if (callback.get('state') !== provider.sentState) throw new Error(`state ${callback.get('state')} is not the one sent (${provider.sentState})`);
  return callback;
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** SDK 1.x (era 2025): connect, sign in through the person, finish, reconnect. */
export async function signInSdk1(
  mcpUrl: string,
  provider: MemoryOAuthProvider,
  fetchFn?: FetchLike,
  clientName = 'oauth-e2e-sdk1',
): Promise<SignedIn<Sdk1Client>> {
  const first = new Sdk1Client({ name: clientName, version: '1.0.0' });
  const transport = new Sdk1Transport(new URL(mcpUrl), { authProvider: provider, fetch: fetchFn });
  let firstError: unknown;
  try {
    await first.connect(transport);
  } catch (error) {
    firstError = error;
  }
  await first.close().catch(() => undefined);
  if (!(firstError instanceof Sdk1UnauthorizedError)) throw new Error(`expected UnauthorizedError from the first connection, got ${errorText(firstError)}`);
  const callback = checkCallback(provider);
  await transport.finishAuth(callback.get('code')!);
  const client = new Sdk1Client({ name: clientName, version: '1.0.0' });
  await client.connect(new Sdk1Transport(new URL(mcpUrl), { authProvider: provider, fetch: fetchFn }));
  return { client, firstError };
}

/** A 2.x client pinned to 2026-07-28 whose transport authenticates with `provider`. */
export function client2(
  mcpUrl: string,
  provider: MemoryOAuthProvider,
  fetchFn?: FetchLike,
  clientName = 'oauth-e2e-client2',
): { client: Client2; transport: Transport2 } {
  const client = new Client2({ name: clientName, version: '2.0.0' }, { versionNegotiation: { mode: { pin: CLIENT2_VERSION } } });
  const transport = new Transport2(new URL(mcpUrl), { authProvider: provider, fetch: fetchFn });
  return { client, transport };
}

/** Client 2.x (era 2026): the first request gets 401, the person signs in, `finishAuth` with the redirect's query (code, state, iss), reconnect. */
export async function signInClient2(
  mcpUrl: string,
  provider: MemoryOAuthProvider,
  fetchFn?: FetchLike,
  clientName = 'oauth-e2e-client2',
): Promise<SignedIn<Client2>> {
  const first = client2(mcpUrl, provider, fetchFn, clientName);
  let firstError: unknown;
  try {
    await first.client.connect(first.transport);
    // Pinned to an era without a handshake, connecting may send nothing: the first request meets the 401.
    await first.client.listTools();
  } catch (error) {
    firstError = error;
  }
  await first.client.close().catch(() => undefined);
  if (!(firstError instanceof Unauthorized2)) throw new Error(`expected UnauthorizedError from the first request, got ${errorText(firstError)}`);
  const callback = checkCallback(provider);
  await first.transport.finishAuth(callback);
  const next = client2(mcpUrl, provider, fetchFn, clientName);
  await next.client.connect(next.transport);
  return { client: next.client, firstError };
}

/** One HTTP exchange of a sign-in, as the discovery assertions read it. */
export interface SeenExchange {
  method: string;
  url: string;
  status?: number;
  challenge?: string;
}

/** The exchanges `recorder` saw, oldest first, reduced to what discovery assertions need. */
export function seenExchanges(recorder: HttpRecorder): SeenExchange[] {
  return recorder.exchanges.map((exchange) => ({
    method: exchange.request.method,
    url: exchange.request.url,
    status: exchange.response?.status,
    challenge: exchange.response?.headers['www-authenticate'],
  }));
}

/**
 * Asserts the SDK found the authorization server the way the spec says: the
 * first MCP request got 401 with `resource_metadata`, the SDK read that very
 * URL, then the RFC 8414 metadata; and registered (DCR) or not (document).
 */
export function expectDiscovery(recorder: HttpRecorder, host: { baseUrl: string; mcpUrl: string }, registered: boolean): void {
  const seen = seenExchanges(recorder);
  const resourceMetadata = `${host.baseUrl}/.well-known/oauth-protected-resource/mcp`;
  expect(seen[0]).toMatchObject({ method: 'POST', url: host.mcpUrl, status: 401 });
  expect(seen[0].challenge).toContain(`resource_metadata="${resourceMetadata}"`);
  expect(seen.some((x) => x.method === 'GET' && x.url === resourceMetadata && x.status === 200)).toBe(true);
  expect(seen.some((x) => x.method === 'GET' && x.url === `${host.baseUrl}/.well-known/oauth-authorization-server` && x.status === 200)).toBe(true);
  const registrations = seen.filter((x) => x.method === 'POST' && x.url === `${host.baseUrl}/register`);
  expect(registrations.map((x) => x.status)).toEqual(registered ? [201] : []);
  expect(seen.filter((x) => x.method === 'POST' && x.url === `${host.baseUrl}/token`).map((x) => x.status)).toEqual([200]);
}
