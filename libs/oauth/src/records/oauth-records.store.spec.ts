import { Kysely } from 'kysely';
import { narrowDatabase } from '@kobana/database';
import type { OAuthDatabase } from './oauth.table';
import { openLibraryTestDatabase } from '../../../../test/support/library-test.database';
import { OAuthAccessTokenVerifier } from '../verification/oauth-access-token.provider';
import type { OAuthHostDatabase } from '../oauth-host.table';
import { createOAuthRecords } from './oauth.migration';
import { hashRecordId, OAuthRecordsAdapter, pruneOAuthRecords } from './oauth-records.store';
import { resolveOAuthServerSettings } from '../oauth-server.options';

const NOW = new Date(Date.UTC(2026, 5, 1, 12));
const RESOURCE = 'https://kadu.test/mcp';

describe('OAuthRecordsAdapter', () => {
  let db: Kysely<OAuthHostDatabase>;
  let now: Date;
  const records = () => narrowDatabase<OAuthDatabase, OAuthHostDatabase>(db);
  const adapter = (model: string) => new OAuthRecordsAdapter(model, records(), () => now);

  beforeEach(async () => {
    now = NOW;
    db = await openLibraryTestDatabase<OAuthHostDatabase>({
      hostTables: { users: { passwords: false } },
      migrations: { '0600_create_oauth': createOAuthRecords },
      organizations: ['org-a'],
      users: [{ id: 'user-1', organization_id: 'org-a', email: 'a@a.test', role: 'viewer' }],
    });
  });
  afterEach(() => db.destroy());

  it('stores an id only as its SHA-256, with the columns copied from the payload', async () => {
    await adapter('AccessToken').upsert('secret-token', { accountId: 'user-1', clientId: 'client-1', grantId: 'grant-1', jti: 'secret-token' }, 60);
    const rows = await db.selectFrom('oauth_records').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        model: 'AccessToken',
        id_hash: hashRecordId('secret-token'),
        grant_id: 'grant-1',
        account_id: 'user-1',
        client_id: 'client-1',
        expires_at: new Date(NOW.getTime() + 60_000).toISOString(),
        consumed_at: null,
      }),
    ]);
    expect(rows[0].id_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await adapter('AccessToken').find('secret-token')).toMatchObject({ accountId: 'user-1' });
    expect(await adapter('RefreshToken').find('secret-token')).toBeUndefined();
  });

  it('keys a grant by itself, so revoking it deletes it with its codes and tokens, and nothing else', async () => {
    await adapter('Grant').upsert('grant-1', { accountId: 'user-1', clientId: 'client-1' }, 3600);
    await adapter('AuthorizationCode').upsert('code-1', { grantId: 'grant-1' }, 60);
    await adapter('RefreshToken').upsert('refresh-1', { grantId: 'grant-1' }, 3600);
    await adapter('RefreshToken').upsert('refresh-2', { grantId: 'grant-2' }, 3600);
    await adapter('Grant').revokeByGrantId('grant-1');
    expect(await adapter('Grant').find('grant-1')).toBeUndefined();
    expect(await adapter('AuthorizationCode').find('code-1')).toBeUndefined();
    expect(await adapter('RefreshToken').find('refresh-1')).toBeUndefined();
    expect(await adapter('RefreshToken').find('refresh-2')).toBeDefined();
  });

  it('marks a record consumed, and answers it with `consumed` (seconds) from then on', async () => {
    await adapter('AuthorizationCode').upsert('code-1', { grantId: 'grant-1' }, 60);
    expect((await adapter('AuthorizationCode').find('code-1'))?.consumed).toBeUndefined();
    await adapter('AuthorizationCode').consume('code-1');
    expect((await adapter('AuthorizationCode').find('code-1'))?.consumed).toBe(Math.floor(NOW.getTime() / 1000));
    expect((await db.selectFrom('oauth_records').select('consumed_at').executeTakeFirstOrThrow()).consumed_at).toBe(NOW.toISOString());
  });

  it('treats an expired record as absent, and the sweep deletes it', async () => {
    await adapter('Interaction').upsert('interaction-1', { uid: 'uid-1' }, 60);
    await adapter('Client').upsert('client-1', { client_id: 'client-1' }, undefined as unknown as number);
    expect(await adapter('Interaction').findByUid('uid-1')).toBeDefined();
    now = new Date(NOW.getTime() + 61_000);
    expect(await adapter('Interaction').findByUid('uid-1')).toBeUndefined();
    expect(await adapter('Interaction').find('interaction-1')).toBeUndefined();
    expect(await pruneOAuthRecords(records(), now)).toBe(1);
    // A registered client never expires.
    expect(await adapter('Client').find('client-1')).toEqual({ client_id: 'client-1' });
  });

  it('replaces a record on upsert and deletes it on destroy', async () => {
    await adapter('Session').upsert('session-1', { uid: 'uid-1', accountId: 'user-1' }, 60);
    await adapter('Session').upsert('session-1', { uid: 'uid-1', accountId: 'user-2' }, 60);
    expect(await adapter('Session').find('session-1')).toMatchObject({ accountId: 'user-2' });
    await adapter('Session').destroy('session-1');
    expect(await adapter('Session').find('session-1')).toBeUndefined();
  });

  describe('OAuthAccessTokenVerifier', () => {
    const settings = resolveOAuthServerSettings({ issuer: 'https://kadu.test', resource: RESOURCE, scopes: [], personalTokenPrefix: 'kadu_' });
    const verifier = () => new OAuthAccessTokenVerifier(db, settings);
    const payload = (aud: string) => ({
      accountId: 'user-1',
      clientId: 'client-1',
      grantId: 'grant-1',
      aud,
      scope: 'kadu:read',
      extra: { client_name: 'Agent' },
    });

    it('answers the person, organization, client and scopes of a token bound to its resource', async () => {
      await new OAuthRecordsAdapter('AccessToken', records()).upsert('token-1', payload(RESOURCE), 60);
      expect(await verifier().verify('token-1')).toEqual({
        subject: 'user-1',
        organization_id: 'org-a',
        client_id: 'client-1',
        client_name: 'Agent',
        scopes: ['kadu:read'],
        roles: ['viewer'],
      });
    });

    it('costs one query per call, and caches nothing', async () => {
      await new OAuthRecordsAdapter('AccessToken', records()).upsert('token-1', payload(RESOURCE), 60);
      let queries = 0;
      const counted = db.withPlugin({
        transformQuery: (args) => {
          queries += 1;
          return args.node;
        },
        transformResult: (args) => Promise.resolve(args.result),
      });
      const counting = new OAuthAccessTokenVerifier(counted, settings);
      await counting.verify('token-1');
      await counting.verify('token-1');
      expect(queries).toBe(2);
    });

    it('refuses a token of another resource, an unknown, revoked or expired one', async () => {
      await new OAuthRecordsAdapter('AccessToken', records()).upsert('other', payload('https://billing.test/mcp'), 60);
      expect(await verifier().verify('other')).toBeNull();
      expect(await verifier().verify('unknown')).toBeNull();
      await new OAuthRecordsAdapter('AccessToken', records()).upsert('revoked', payload(RESOURCE), 60);
      await new OAuthRecordsAdapter('AccessToken', records()).revokeByGrantId('grant-1');
      expect(await verifier().verify('revoked')).toBeNull();
      await new OAuthRecordsAdapter('AccessToken', records(), () => new Date(Date.now() - 120_000)).upsert('expired', payload(RESOURCE), 60);
      expect(await verifier().verify('expired')).toBeNull();
    });
  });
});
