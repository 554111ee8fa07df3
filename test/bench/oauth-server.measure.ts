/**
 * Start-up cost of the authorization server (loading oidc-provider, then
 * building the provider for one host) and the per-call cost of the MCP
 * verifier of its tokens (queries and time), on an in-memory SQLite database.
 *
 * Run: `npx ts-node --transpile-only -r tsconfig-paths/register test/bench/oauth-server.measure.ts`
 */
import { OAuthAccessTokenVerifier, OAuthAuditRecorder, OAuthProviderService, createOAuthRecords, hashRecordId } from '@kobana/oauth';
import type { OAuthHostDatabase, ResolvedOAuthServerSettings } from '@kobana/oauth';
import { NO_PERSON_RECORDS } from '@kobana/people';
import { InMemoryPeople } from '../support/in-memory-people.test-kit';
import { openLibraryTestDatabase } from '../support/library-test.database';

async function main(): Promise<void> {
  const db = await openLibraryTestDatabase<OAuthHostDatabase>({
    hostTables: { users: { passwords: false } },
    migrations: { '0600_create_oauth': createOAuthRecords },
    organizations: ['org-a'],
    users: [{ id: 'user-1', organization_id: 'org-a', email: 'a@a.test', role: 'owner' }],
  });
  const settings: ResolvedOAuthServerSettings = {
    issuer: 'https://kadu.test',
    resource: 'https://kadu.test/mcp',
    scopes: [],
    personalTokenPrefix: 'kadu_',
    accessTokenTtlSeconds: 3600,
    refreshTokenTtlSeconds: 30 * 86400,
    authorizationCodeTtlSeconds: 60,
    interactionTtlSeconds: 900,
    grantTtlSeconds: 365 * 86400,
    registrationLimit: { limit: 10, windowMs: 60_000 },
    pruneIntervalMs: 0,
    unusedClientTtlSeconds: 30 * 86400,
  };
  const secret = { get: () => 'a-measurement-secret-of-enough-length' };

  // The first build loads oidc-provider (an ESM package) too; the others are the build alone.
  const builds: number[] = [];
  for (let i = 0; i < 5; i++) {
    const people = new InMemoryPeople([], []);
    const service = new OAuthProviderService(db, secret, settings, new OAuthAuditRecorder(people), people, NO_PERSON_RECORDS);
    void service.provider;
    builds.push(service.constructionMs!);
  }

  const now = new Date();
  await db
    .insertInto('oauth_records')
    .values({
      model: 'AccessToken',
      id_hash: hashRecordId('token-1'),
      payload: JSON.stringify({ accountId: 'user-1', clientId: 'c', grantId: 'g', aud: settings.resource, scope: 'kadu:read' }),
      grant_id: 'g',
      account_id: 'user-1',
      client_id: 'c',
      uid: null,
      expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
      consumed_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  let queries = 0;
  const counted = db.withPlugin({
    transformQuery: (args) => {
      queries += 1;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  });
  const verifier = new OAuthAccessTokenVerifier(counted, settings);
  const calls = 2000;
  const started = performance.now();
  for (let i = 0; i < calls; i++) await verifier.verify('token-1');
  const perCallMs = (performance.now() - started) / calls;
  await db.destroy();

  console.log(
    `load oidc-provider and build the provider: ${builds[0].toFixed(0)} ms; build alone: ${builds
      .slice(1)
      .map((ms) => ms.toFixed(1))
      .join(', ')} ms`,
  );
  console.log(`verify: ${(queries / calls).toFixed(2)} queries per call, ${(perCallMs * 1000).toFixed(0)} µs per call (SQLite in memory)`);
}

void main();
