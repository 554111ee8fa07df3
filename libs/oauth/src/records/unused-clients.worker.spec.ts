import type { Kysely } from 'kysely';
import type { AdapterPayload } from 'oidc-provider';
import { narrowDatabase } from '@kobana/database';
import { openLibraryTestDatabase } from '../../../../test/support/library-test.database';
import type { OAuthHostDatabase } from '../oauth-host.table';
import { createOAuthRecords } from './oauth.migration';
import { OAuthPruner } from './oauth-pruner.worker';
import { OAuthRecordsAdapter } from './oauth-records.store';
import type { OAuthDatabase } from './oauth.table';
import { resolveOAuthServerSettings } from '../oauth-server.options';

const DAY = 86_400_000;
const NOW = new Date(Date.UTC(2026, 5, 1));
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

describe('OAuthPruner: registered clients nothing uses', () => {
  let db: Kysely<OAuthHostDatabase>;
  const records = () => narrowDatabase<OAuthDatabase, OAuthHostDatabase>(db);
  const settings = resolveOAuthServerSettings({ issuer: 'https://as.example', resource: 'https://as.example/mcp', scopes: [], personalTokenPrefix: 'x_' });
  /** Writes as oidc-provider does, at `at`, expiring `expiresIn` seconds later. */
  const write = (model: string, id: string, payload: Record<string, unknown>, at: Date, expiresIn?: number) =>
    new OAuthRecordsAdapter(model, records(), () => at).upsert(id, payload as AdapterPayload, expiresIn);
  const registered = (clientId: string, at: Date) => write('Client', clientId, { client_id: clientId, kobana_client_source: 'registered' }, at);
  const grant = (clientId: string, at: Date, expiresIn: number) =>
    write('Grant', `grant-of-${clientId}`, { jti: `grant-of-${clientId}`, clientId, accountId: 'u1' }, at, expiresIn);
  const clients = async () =>
    (await db.selectFrom('oauth_records').select('client_id').where('model', '=', 'Client').orderBy('client_id').execute()).map((row) => row.client_id);

  beforeEach(async () => {
    db = await openLibraryTestDatabase<OAuthHostDatabase>({
      hostTables: { users: { passwords: false } },
      migrations: { '0600_create_oauth': createOAuthRecords },
    });
  });
  afterEach(() => db.destroy());

  it('deletes a client registered over 30 days ago with no live grant or token; keeps the used, the recent and the pre-registered', async () => {
    await registered('never-used', daysAgo(31));
    await registered('grant-ended', daysAgo(200));
    await grant('grant-ended', daysAgo(100), 90 * 86_400);
    await registered('in-use', daysAgo(200));
    await grant('in-use', daysAgo(10), 365 * 86_400);
    await registered('token-only', daysAgo(40));
    await write('RefreshToken', 'rt-1', { jti: 'rt-1', clientId: 'token-only', grantId: 'g-x' }, daysAgo(1), 30 * 86_400);
    await registered('recent', daysAgo(29));
    // The CLI's client: never expires, used or not.
    await write('Client', 'pre_cli', { client_id: 'pre_cli' }, daysAgo(400));

    await new OAuthPruner(db, settings).prune(NOW);

    expect(await clients()).toEqual(['in-use', 'pre_cli', 'recent', 'token-only']);
  });

  it('goes through more clients than one batch', async () => {
    for (let n = 0; n < 1200; n++) await registered(`old-${String(n).padStart(4, '0')}`, daysAgo(60));
    await grant('old-0777', daysAgo(1), 86_400);
    await new OAuthPruner(db, settings).prune(NOW);
    expect(await clients()).toEqual(['old-0777']);
  });
});
