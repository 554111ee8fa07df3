/**
 * The authorization server's state lives in the database: three Kadu
 * replicas on one PostgreSQL, sharing one public URL (the first replica's,
 * as behind a load balancer). The person authorizes on replica A (sign-in,
 * consent, code), the client redeems the code on replica B, calls the tool
 * on replica C, refreshes on C and calls again on A; replaying the code on
 * C is refused and revokes the tokens it gave, seen on B.
 */
import { PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';
import { authorizationRequest, rawToolsList, redeemCode, refresh, ServerEndpoints } from './manual-flow.support';
import { OAuthHost, startKaduForOAuth } from './oauth-hosts.support';
import { authorizationServerMetadata, OAuthWorld, startOAuthWorld, trustingSettings } from './oauth-world.support';

jest.setTimeout(90_000);

const ORG = 'replicas-oauth';

/** The same endpoint on another replica: its path on that replica's address. */
function on(replica: OAuthHost, endpoint: string): string {
  const url = new URL(endpoint);
  return `${replica.baseUrl}${url.pathname}`;
}

describe('OAuth across Kadu replicas on PostgreSQL', () => {
  let world: OAuthWorld;
  let cluster: PostgresCluster;
  const replicas: OAuthHost[] = [];

  beforeAll(async () => {
    world = await startOAuthWorld();
    cluster = await startPostgresCluster();
    await cluster.admin('create database kadu_oauth');
    const databaseUrl = cluster.urlOf('kadu_oauth');
    const a = await startKaduForOAuth(trustingSettings(world), { databaseUrl });
    replicas.push(a);
    for (let i = 0; i < 2; i++) replicas.push(await startKaduForOAuth(trustingSettings(world), { databaseUrl, publicUrl: a.baseUrl }));
  });
  afterAll(async () => {
    for (const replica of replicas.reverse()) await replica.close().catch(() => undefined);
    cluster?.stop();
    await world?.close();
  });

  it('authorize on A, redeem the code on B, call the tool on C; refresh on C, call on A; the code replayed on C is invalid_grant and revokes its tokens', async () => {
    const [a, b, c] = replicas;
    const person = await a.person(ORG, 'admin');
    const server = (await authorizationServerMetadata(a)) as ServerEndpoints;
    const clientId = world.publishClient('replicas', 'Replica Agent');
    // The shared resource: the public URL's, whichever replica answers.
    const client = { clientId, redirectUri: world.catcher.redirectUri, resource: a.mcpUrl };
    const request = authorizationRequest(server, client);
    const { consentText, callback } = await world.browser.authorize(request.url, person, world.catcher, 'allow');
    expect(consentText).toContain('Replica Agent');
    expect(callback.get('state')).toBe(request.state);

    const tokens = await redeemCode(on(b, server.token_endpoint), request, callback.get('code')!, client);
    expect(tokens.status).toBe(200);
    const onC = await rawToolsList(c.mcpUrl, tokens.body.access_token);
    expect(onC.status).toBe(200);
    expect(onC.tools).toContain('kadu_organization_get');

    const refreshed = await refresh(on(c, server.token_endpoint), tokens.body.refresh_token, client);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(tokens.body.refresh_token);
    expect((await rawToolsList(a.mcpUrl, refreshed.body.access_token)).status).toBe(200);

    const replay = await redeemCode(on(c, server.token_endpoint), request, callback.get('code')!, client);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    // A replayed code revokes what it was redeemed for (OAuth 2.1 §4.1.3), on every replica.
    expect((await rawToolsList(b.mcpUrl, refreshed.body.access_token)).status).toBe(401);
  });
});
