/**
 * Everything an OAuth e2e spec runs beside a host: the metadata-document
 * server, the client's loopback redirect target and the person's Chromium,
 * started together and closed together (in `afterAll`).
 */
import { CimdServer, metadataDocument, startCimdServer } from './cimd-server.support';
import { ServerEndpoints } from './manual-flow.support';
import { CimdSettings, OAuthHost, startKaduForOAuth } from './oauth-hosts.support';
import { Person, PersonBrowser, RedirectCatcher, startRedirectCatcher } from './person-browser.support';

/** The servers and browser of one spec. */
export interface OAuthWorld {
  cimd: CimdServer;
  catcher: RedirectCatcher;
  browser: PersonBrowser;
  /** Publishes a public client's document named `name` and returns its URL (its client_id). */
  publishClient(name: string, clientName: string, extra?: Record<string, unknown>): string;
  close(): Promise<void>;
}

/** Starts the document server, the redirect target and Chromium. */
export async function startOAuthWorld(): Promise<OAuthWorld> {
  const cimd = await startCimdServer();
  const catcher = await startRedirectCatcher().catch(async (error: unknown) => {
    await cimd.close();
    throw error;
  });
  const browser = await PersonBrowser.launch().catch(async (error: unknown) => {
    await Promise.all([cimd.close(), catcher.close()]);
    throw error;
  });
  return {
    cimd,
    catcher,
    browser,
    publishClient: (name, clientName, extra) => cimd.put(name, metadataDocument(cimd.urlOf(name), clientName, catcher.redirectUri, extra)),
    close: async () => {
      await browser.close().catch(() => undefined);
      await Promise.all([cimd.close(), catcher.close()]);
    },
  };
}

/** The settings a host needs to trust the world's document server. */
export function trustingSettings(world: OAuthWorld, allowLoopback = true): CimdSettings {
  return { caFile: world.cimd.caFile, allowLoopback };
}

/** The authorization server's metadata (RFC 8414), read the way a client finds it. */
export async function authorizationServerMetadata(host: OAuthHost): Promise<Record<string, any>> {
  const resource = (await (await fetch(`${host.baseUrl}/.well-known/oauth-protected-resource/mcp`)).json()) as { authorization_servers: string[] };
  const issuer = new URL(resource.authorization_servers[0]);
  const path = issuer.pathname === '/' ? '' : issuer.pathname;
  const response = await fetch(`${issuer.origin}/.well-known/oauth-authorization-server${path}`);
  if (response.status !== 200) throw new Error(`authorization server metadata: HTTP ${response.status}`);
  return (await response.json()) as Record<string, any>;
}

/** Kadu, its authorization server's endpoints and an admin of a fresh organization, in a world of their own. */
export interface KaduInChromium {
  world: OAuthWorld;
  kadu: OAuthHost;
  server: ServerEndpoints;
  person: Person;
}

/**
 * Starts, in `beforeAll`, a world, a Kadu that trusts its document server and
 * an admin of the organization `slug`, and closes them in `afterAll`. The
 * fields are set once `beforeAll` has run: read them inside the tests.
 */
export function kaduInChromium(slug: string): KaduInChromium {
  const scene = {} as KaduInChromium;
  beforeAll(async () => {
    scene.world = await startOAuthWorld();
    scene.kadu = await startKaduForOAuth(trustingSettings(scene.world));
    scene.server = (await authorizationServerMetadata(scene.kadu)) as ServerEndpoints;
    scene.person = await scene.kadu.person(slug, 'admin');
  });
  afterAll(async () => {
    await scene.kadu?.close();
    await scene.world?.close();
  });
  return scene;
}

/** What the SDKs ask for: every scope the protected-resource metadata lists. */
export const KADU_SCOPES = ['kadu:read', 'kadu:write', 'kadu:run'];
/** The organization the Kadu sign-in specs sign in to. */
export const KADU_ORG = { slug: 'acme-oauth', name: 'Acme Cobranças OAuth' };

/** What a Kadu sign-in spec runs against: a world, a Kadu host trusting it, and the organization's admin who signs in. */
export interface KaduSignInWorld {
  world: OAuthWorld;
  kadu: OAuthHost;
  admin: Person;
}

/** Starts a world and a Kadu host that trusts it, with {@link KADU_ORG} and its admin. */
export async function startKaduSignInWorld(): Promise<KaduSignInWorld> {
  const world = await startOAuthWorld();
  const kadu = await startKaduForOAuth(trustingSettings(world)).catch(async (error: unknown) => {
    await world.close();
    throw error;
  });
  await kadu.identity.ensureOrganization(KADU_ORG.slug, { name: KADU_ORG.name });
  return { world, kadu, admin: await kadu.person(KADU_ORG.slug, 'admin') };
}

/** Closes the clients a spec opened, then the host and the world (each may be unset when `beforeAll` failed). */
export async function closeKaduSignInWorld(clients: { close(): Promise<void> }[], kadu?: OAuthHost, world?: OAuthWorld): Promise<void> {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await kadu?.close();
  await world?.close();
}
