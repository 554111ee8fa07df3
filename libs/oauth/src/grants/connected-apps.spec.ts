import { Kysely, Migration } from 'kysely';
import type { AdapterPayload } from 'oidc-provider';
import { openLibraryTestDatabase } from '../../../../test/support/library-test.database';
import { ConnectedAppsDatabase } from './connected-apps-host.table';
import { ConnectedAppsService } from './connected-apps.service';
import { hashRecordId } from '../records/oauth-records.store';
import { createOAuthRecords } from '../records/oauth.migration';
import { OAuthRecordsAdapter } from '../records/oauth-records.store';
import type { OAuthDatabase } from '../records/oauth.table';

/** The same database as the adapter types it (Kysely's types are invariant in the table set). */
const records = (db: Kysely<ConnectedAppsDatabase>) => db as unknown as Kysely<OAuthDatabase>;

/** The organizations' slugs the CLI looks up (a host column the library's test tables lack). */
const addSlugs: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('organizations').addColumn('slug', 'text').execute();
  },
};

const RESOURCE = 'https://kadu.example/mcp';
const HOUR = 3_600_000;

describe('ConnectedAppsService', () => {
  let db: Kysely<ConnectedAppsDatabase>;
  let service: ConnectedAppsService;
  const now = new Date('2026-12-01T12:00:00.000Z');
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();

  /** Writes a record through the authorization server's own adapter, as oidc-provider's `upsert(id, payload, expiresIn)` at `createdAt`. */
  const upsert = async (model: string, id: string, payload: Record<string, unknown>, createdAt: string, expiresAt: string | null) => {
    const expiresIn = expiresAt === null ? undefined : (Date.parse(expiresAt) - Date.parse(createdAt)) / 1000;
    await new OAuthRecordsAdapter(model, records(db), () => new Date(createdAt)).upsert(id, { jti: id, kind: model, ...payload } as AdapterPayload, expiresIn);
  };

  const client = (clientId: string, name: string | undefined, createdAt = at(-10 * HOUR)) =>
    upsert(
      'Client',
      clientId,
      { client_id: clientId, ...(name ? { client_name: name } : {}), redirect_uris: ['http://127.0.0.1:33418/callback'] },
      createdAt,
      null,
    );

  const grant = (id: string, accountId: string, clientId: string, createdAt: string, expiresAt: string | null = at(14 * 24 * HOUR)) =>
    upsert(
      'Grant',
      id,
      { accountId, clientId, openid: { scope: 'openid offline_access' }, resources: { [RESOURCE]: 'kadu:read kadu:write' } },
      createdAt,
      expiresAt,
    );

  const token = (model: string, id: string, grantId: string, accountId: string, clientId: string, createdAt: string) =>
    upsert(model, id, { grantId, accountId, clientId, scope: 'kadu:read', aud: RESOURCE }, createdAt, at(HOUR));

  const count = async (grantId: string) =>
    Number(
      (
        await db
          .selectFrom('oauth_records')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('grant_id', '=', grantId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeEach(async () => {
    db = await openLibraryTestDatabase<ConnectedAppsDatabase>({
      hostTables: { users: { passwords: false } },
      migrations: { '0600_create_oauth': createOAuthRecords, '0601_add_slugs': addSlugs },
      organizations: ['org-a', 'org-b'],
      users: [
        { id: 'ana', organization_id: 'org-a', email: 'ana@a.test', role: 'owner' },
        { id: 'bia', organization_id: 'org-a', email: 'bia@a.test', role: 'viewer' },
        { id: 'caio', organization_id: 'org-b', email: 'caio@b.test', role: 'owner' },
      ],
    });
    await db.updateTable('organizations').set({ slug: 'acme' }).where('id', '=', 'org-a').execute();
    await db.updateTable('organizations').set({ slug: 'other' }).where('id', '=', 'org-b').execute();
    service = new ConnectedAppsService(db);

    await client('dcr-claude', 'Claude');
    await client('https://app.example/client.json', 'Example', at(-11 * HOUR));
    await grant('grant-claude-ana', 'ana', 'dcr-claude', at(-5 * HOUR));
    await token('AuthorizationCode', 'code-1', 'grant-claude-ana', 'ana', 'dcr-claude', at(-5 * HOUR));
    await token('AccessToken', 'at-1', 'grant-claude-ana', 'ana', 'dcr-claude', at(-5 * HOUR));
    await token('RefreshToken', 'rt-1', 'grant-claude-ana', 'ana', 'dcr-claude', at(-5 * HOUR));
    await token('AccessToken', 'at-2', 'grant-claude-ana', 'ana', 'dcr-claude', at(-1 * HOUR));
    await grant('grant-example-ana', 'ana', 'https://app.example/client.json', at(-2 * HOUR));
    await grant('grant-expired-ana', 'ana', 'dcr-claude', at(-30 * 24 * HOUR), at(-HOUR));
    await grant('grant-claude-bia', 'bia', 'dcr-claude', at(-3 * HOUR));
    await token('AccessToken', 'at-bia', 'grant-claude-bia', 'bia', 'dcr-claude', at(-3 * HOUR));
    await grant('grant-unknown-caio', 'caio', 'gone-client', at(-4 * HOUR));
  });
  afterEach(() => db.destroy());

  it("lists a person's live grants newest first, with the client's name, source, scopes, first and last use, expiry", async () => {
    const apps = await service.listForPerson('ana', now);
    expect(apps.map((app) => app.id)).toEqual(['grant-example-ana', 'grant-claude-ana']);
    expect(apps[1]).toEqual({
      id: 'grant-claude-ana',
      accountId: 'ana',
      email: 'ana@a.test',
      clientId: 'dcr-claude',
      clientName: 'Claude',
      source: 'registered',
      scopes: ['openid', 'offline_access', 'kadu:read', 'kadu:write'],
      resources: [RESOURCE],
      authorizedAt: at(-5 * HOUR),
      lastUsedAt: at(-1 * HOUR),
      expiresAt: at(14 * 24 * HOUR),
    });
    expect(apps[0]).toMatchObject({ clientName: 'Example', source: 'metadata-document', lastUsedAt: null });
  });

  it('a client whose record is gone still lists, by its id and without a name', async () => {
    expect(await service.listForPerson('caio', now)).toEqual([expect.objectContaining({ clientId: 'gone-client', clientName: null })]);
  });

  it("lists an organization's grants, every person's, and only that organization's", async () => {
    expect((await service.listForOrganization('org-a', {}, now)).map((app) => [app.id, app.email])).toEqual([
      ['grant-example-ana', 'ana@a.test'],
      ['grant-claude-bia', 'bia@a.test'],
      ['grant-claude-ana', 'ana@a.test'],
    ]);
    expect((await service.listForOrganization('org-a', { email: 'bia@a.test' }, now)).map((app) => app.id)).toEqual(['grant-claude-bia']);
    expect((await service.listForOrganization('org-b', {}, now)).map((app) => app.id)).toEqual(['grant-unknown-caio']);
  });

  it('revoking a person’s own grant deletes it and every token and code of it, and nothing else', async () => {
    expect(await count('grant-claude-ana')).toBe(5);
    expect(await service.revokeForPerson('ana', 'grant-claude-ana', now)).toBe(true);
    expect(await count('grant-claude-ana')).toBe(0);
    expect((await service.listForPerson('ana', now)).map((app) => app.id)).toEqual(['grant-example-ana']);
    expect(await count('grant-claude-bia')).toBe(2);
    expect(await service.listForPerson('bia', now)).toHaveLength(1);
    expect(await db.selectFrom('oauth_records').select('model').where('model', '=', 'Client').execute()).toHaveLength(2);
  });

  it("refuses, changing nothing, another person's grant, an expired one, an unknown or oversized id", async () => {
    const before = await db.selectFrom('oauth_records').selectAll().execute();
    expect(await service.revokeForPerson('ana', 'grant-claude-bia', now)).toBe(false);
    expect(await service.revokeForPerson('caio', 'grant-claude-ana', now)).toBe(false);
    expect(await service.revokeForPerson('ana', 'grant-expired-ana', now)).toBe(false);
    expect(await service.revokeForPerson('ana', 'nope', now)).toBe(false);
    expect(await service.revokeForPerson('ana', 'x'.repeat(5000), now)).toBe(false);
    expect(await db.selectFrom('oauth_records').selectAll().execute()).toEqual(before);
  });

  it('the CLI revokes any grant, or only one of the organization it names', async () => {
    expect(await service.revoke('grant-claude-bia', { organizationId: 'org-b' })).toBe(false);
    expect(await count('grant-claude-bia')).toBe(2);
    expect(await service.revoke('grant-claude-bia', { organizationId: 'org-a' })).toBe(true);
    expect(await service.revoke('grant-unknown-caio')).toBe(true);
    expect(await service.revoke('grant-unknown-caio')).toBe(false);
    expect((await service.listForOrganization('org-b', {}, now)).length).toBe(0);
  });

  it('pre-registers a public client, lists it beside the registered ones, and deletes it with its grants', async () => {
    const clientId = await service.createPublicClient({ name: 'Team tool', redirectUris: ['http://127.0.0.1:8765/cb'], scope: 'kadu:read' }, now);
    expect(clientId).toMatch(/^pre_[A-Za-z0-9_-]{22}$/);
    const record = await db
      .selectFrom('oauth_records')
      .selectAll()
      .where('model', '=', 'Client')
      .where('id_hash', '=', hashRecordId(clientId))
      .executeTakeFirstOrThrow();
    expect(record.client_id).toBe(clientId);
    expect(JSON.parse(record.payload)).toEqual({
      client_id: clientId,
      client_id_issued_at: Math.floor(now.getTime() / 1000),
      client_name: 'Team tool',
      redirect_uris: ['http://127.0.0.1:8765/cb'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'kadu:read',
    });
    await grant('grant-team-ana', 'ana', clientId, at(-HOUR / 2));
    await token('AccessToken', 'at-team', 'grant-team-ana', 'ana', clientId, at(-HOUR / 2));

    const clients = await service.listClients(now);
    expect(clients.map((row) => [row.clientId, row.source, row.grants])).toEqual([
      [clientId, 'pre-registered', 1],
      ['dcr-claude', 'registered', 2],
      ['https://app.example/client.json', 'metadata-document', 1],
    ]);
    expect((await service.listForPerson('ana', now))[0]).toMatchObject({ id: 'grant-team-ana', clientName: 'Team tool', source: 'pre-registered' });

    expect(await service.deleteClient(clientId)).toBe(true);
    expect(await service.deleteClient(clientId)).toBe(false);
    expect(await count('grant-team-ana')).toBe(0);
    expect((await service.listForPerson('ana', now)).map((app) => app.id)).toEqual(['grant-example-ana', 'grant-claude-ana']);
  });

  it('finds an organization by slug', async () => {
    expect(await service.organizationId('acme')).toBe('org-a');
    expect(await service.organizationId('nobody')).toBeUndefined();
  });
});
