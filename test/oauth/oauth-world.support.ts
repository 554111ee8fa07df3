/**
 * Everything an OAuth e2e spec runs beside a host: the metadata-document
 * server, the client's loopback redirect target and the person's Chromium,
 * started together and closed together (in `afterAll`).
 */
import { CimdServer, metadataDocument, startCimdServer } from './cimd-server.support';
import { CimdSettings, OAuthHost } from './oauth-hosts.support';
import { PersonBrowser, RedirectCatcher, startRedirectCatcher } from './person-browser.support';

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
