/**
 * Start-up cost of the authorization server (loading oidc-provider, then
 * building the provider for one host) and the per-call cost of the MCP
 * verifier of its tokens (queries and time), on an in-memory SQLite database.
 *
 * Run: `npx ts-node --transpile-only -r tsconfig-paths/register test/bench/oauth-server.measure.ts`
 */
import { narrowDatabase } from '@kobana/database';
import { OAuthAccessTokenVerifier, createOAuthRecords } from '@kobana/oauth';
import type { OAuthDatabase, OAuthHostDatabase } from '@kobana/oauth';
import { openLibraryTestDatabase } from '../support/library-test.database';
import { OAuthKeys } from '../../libs/oauth/src/oauth.keys';
import { createOAuthProvider } from '../../libs/oauth/src/oauth-provider.factory';
import { oidcProvider } from '../../libs/oauth/src/oidc-provider.loader';
import { OAuthRecordsAdapter } from '../../libs/oauth/src/oauth-records.adapter';
import { resolveOAuthServerSettings } from '../../libs/oauth/src/oauth-server.settings';

async function main(): Promise<void> {
  const db = await openLibraryTestDatabase<OAuthHostDatabase>({
    hostTables: { users: { passwords: false } },
    migrations: { '0600_create_oauth': createOAuthRecords },
    organizations: ['org-a'],
    users: [{ id: 'user-1', organization_id: 'org-a', email: 'a@a.test', role: 'owner' }],
  });
  const settings = resolveOAuthServerSettings({ issuer: 'https://kadu.test', resource: 'https://kadu.test/mcp', scopes: [], personalTokenPrefix: 'kadu_' });
  const records = narrowDatabase<OAuthDatabase, OAuthHostDatabase>(db);

  let started = performance.now();
  oidcProvider();
  const loadMs = performance.now() - started;
  const builds: number[] = [];
  for (let i = 0; i < 5; i++) {
    started = performance.now();
    createOAuthProvider({ db: records, settings, keys: new OAuthKeys(() => 'a-measurement-secret-of-enough-length') });
    builds.push(performance.now() - started);
  }

  await new OAuthRecordsAdapter('AccessToken', records).upsert(
    'token-1',
    { accountId: 'user-1', clientId: 'c', grantId: 'g', aud: settings.resource, scope: 'kadu:read' },
    3600,
  );
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
  started = performance.now();
  for (let i = 0; i < calls; i++) await verifier.verify('token-1');
  const perCallMs = (performance.now() - started) / calls;
  await db.destroy();

  console.log(`load oidc-provider: ${loadMs.toFixed(0)} ms`);
  console.log(
    `build the provider: first ${builds[0].toFixed(1)} ms, then ${builds
      .slice(1)
      .map((ms) => ms.toFixed(1))
      .join(', ')} ms`,
  );
  console.log(`verify: ${(queries / calls).toFixed(2)} queries per call, ${(perCallMs * 1000).toFixed(0)} µs per call (SQLite in memory)`);
}

void main();
