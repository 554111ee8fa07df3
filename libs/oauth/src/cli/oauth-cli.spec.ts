import { Kysely, Migration } from 'kysely';
import type { AdapterPayload } from 'oidc-provider';
import { CliIo, CliUsageError, runCliCommands, TokenAdmin, TokenListRow } from '@kobana/host-kit';
import { openLibraryTestDatabase } from '../../../../test/support/library-test.database';
import { ConnectedAppsDatabase } from '../grants/connected-apps-host.table';
import { ConnectedAppsService } from '../grants/connected-apps.service';
import { createOAuthRecords } from '../records/oauth.migration';
import { OAuthRecordsAdapter } from '../records/oauth-records.store';
import type { OAuthDatabase } from '../records/oauth.table';

/** The same database as the adapter types it (Kysely's types are invariant in the table set). */
const records = (db: Kysely<ConnectedAppsDatabase>) => db as unknown as Kysely<OAuthDatabase>;
import { parseClientCreateArgs, parseClientDeleteArgs } from './client-admin.parser';
import { OAUTH_ADMIN_COMMANDS, oauthCliServices, OAuthCliServices } from './oauth-cli.command';
import { OAuthCliRefusal } from './oauth-token.command';

/** The organizations' slugs the CLI looks up (a host column the library's test tables lack). */
const addSlugs: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('organizations').addColumn('slug', 'text').execute();
  },
};

const PERSONAL_ID = '11111111-1111-4111-8111-111111111111';

/** The host's identity as the token commands see it: one personal token of acme. */
class FakePersonalTokens implements TokenAdmin {
  revoked: string[] = [];
  listTokens = jest.fn(async (filter: { organization: string }): Promise<TokenListRow[]> => {
    if (filter.organization === 'nowhere') throw new OAuthCliRefusal('No organization has the slug nowhere');
    return [
      {
        id: PERSONAL_ID,
        hint: 'kadu_mcp_11111111…',
        user_email: 'ana@a.test',
        audience: 'mcp',
        client_id: `pat_${PERSONAL_ID}`,
        client_name: 'Personal access token',
        scopes: ['kadu:read'],
        created_at: '2026-12-01T10:00:00.000Z',
        expires_at: null,
        revoked_at: null,
      },
    ];
  });
  findToken = jest.fn(async () => null);
  revokeToken = jest.fn(async (id: string) => {
    this.revoked.push(id);
    return id === PERSONAL_ID;
  });
}

function captureIo(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (line) => stdout.push(line), err: (line) => stderr.push(line) };
}

describe('OAuth CLI commands', () => {
  let db: Kysely<ConnectedAppsDatabase>;
  let apps: ConnectedAppsService;
  let personal: FakePersonalTokens;
  let services: OAuthCliServices;
  const open = jest.fn();

  const run = async (...argv: string[]) => {
    const io = captureIo();
    const code = await runCliCommands(argv, io, {
      usage: 'Usage: test',
      commands: OAUTH_ADMIN_COMMANDS,
      open: async () => {
        open();
        return { close: async () => undefined } as never;
      },
      service: () => services,
      isRefusal: (error) => error instanceof OAuthCliRefusal,
    });
    return { code, ...io };
  };

  beforeEach(async () => {
    open.mockClear();
    db = await openLibraryTestDatabase<ConnectedAppsDatabase>({
      hostTables: { users: { passwords: false } },
      migrations: { '0600_create_oauth': createOAuthRecords, '0601_add_slugs': addSlugs },
      organizations: ['org-a', 'org-b'],
      users: [
        { id: 'ana', organization_id: 'org-a', email: 'ana@a.test', role: 'owner' },
        { id: 'caio', organization_id: 'org-b', email: 'caio@b.test', role: 'owner' },
      ],
    });
    await db.updateTable('organizations').set({ slug: 'acme' }).where('id', '=', 'org-a').execute();
    await db.updateTable('organizations').set({ slug: 'other' }).where('id', '=', 'org-b').execute();
    apps = new ConnectedAppsService(db);
    personal = new FakePersonalTokens();
    services = oauthCliServices(personal, apps, ['kadu:read', 'kadu:write', 'kadu:run']);
  });
  afterEach(() => db.destroy());

  /** A grant of `accountId` to `clientId` and an access token of it issued at `tokenAt`, written through the server's adapter. */
  const grant = async (grantId: string, accountId: string, clientId: string, createdAt: string, tokenAt: string) => {
    const payload = { accountId, clientId, resources: { 'https://kadu.example/mcp': 'kadu:read kadu:run' } };
    const ttl = (from: string) => (Date.parse('2099-01-01T00:00:00.000Z') - Date.parse(from)) / 1000;
    await new OAuthRecordsAdapter('Grant', records(db), () => new Date(createdAt)).upsert(
      grantId,
      { jti: grantId, kind: 'Grant', ...payload } as AdapterPayload,
      ttl(createdAt),
    );
    const tokenId = `${grantId}-access-token`;
    await new OAuthRecordsAdapter('AccessToken', records(db), () => new Date(tokenAt)).upsert(
      tokenId,
      { jti: tokenId, kind: 'AccessToken', ...payload, grantId } as AdapterPayload,
      ttl(tokenAt),
    );
  };

  it('client create pre-registers a public client and prints its id last; client list shows it; client delete removes it', async () => {
    const created = await run(
      'client',
      'create',
      '--name',
      'Team tool',
      '--redirect-uri',
      'http://127.0.0.1:8765/cb',
      '--redirect-uri',
      'https://tool.example/cb',
      '--scope',
      'kadu:read kadu:run',
    );
    expect(created.code).toBe(0);
    const clientId = created.stdout[created.stdout.length - 1];
    expect(clientId).toMatch(/^pre_/);
    expect(created.stderr.join('\n')).toContain('public (PKCE, no secret)');

    await grant('grant-team-ana-000001', 'ana', clientId, '2026-12-01T11:00:00.000Z', '2026-12-01T11:30:00.000Z');
    const listed = await run('client', 'list');
    expect(listed.stdout[0].split(/\s{2,}/)).toEqual(['CLIENT ID', 'NAME', 'REGISTRATION', 'REDIRECT URIS', 'SCOPE', 'CREATED', 'GRANTS']);
    expect(listed.stdout[1].split(/\s{2,}/)).toEqual([
      clientId,
      'Team tool',
      'pre-registered',
      'http://127.0.0.1:8765/cb,https://tool.example/cb',
      'kadu:read kadu:run',
      expect.any(String),
      '1',
    ]);

    const deleted = await run('client', 'delete', '--id', clientId);
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toEqual([`Client ${clientId} deleted, with its 1 grant and their tokens: its next call gets 401.`]);
    expect(await db.selectFrom('oauth_records').selectAll().execute()).toEqual([]);
    const again = await run('client', 'delete', '--id', clientId);
    expect(again.code).toBe(1);
    expect(again.stderr).toEqual([`Error: No client has the id ${clientId}`]);
    expect((await run('client', 'list')).stderr).toEqual(['No OAuth clients are registered.']);
  });

  it('token list shows personal tokens and OAuth grants together, newest first, with their kind and client name', async () => {
    const clientId = await apps.createPublicClient({ name: 'Claude', redirectUris: ['https://claude.ai/api/mcp/auth_callback'] });
    await grant('grant-claude-ana-0001', 'ana', clientId, '2026-12-01T11:00:00.000Z', '2026-12-01T11:45:00.000Z');
    await grant('grant-other-caio-0001', 'caio', clientId, '2026-12-01T11:00:00.000Z', '2026-12-01T11:45:00.000Z');
    const { code, stdout } = await run('token', 'list', '--organization', 'acme');
    expect(code).toBe(0);
    expect(stdout).toHaveLength(3);
    expect(stdout[0].split(/\s{2,}/)).toEqual(['ID', 'KIND', 'TOKEN', 'USER', 'CLIENT', 'NAME', 'SCOPES', 'CREATED', 'EXPIRES', 'LAST USED', 'STATUS']);
    expect(stdout[1].split(/\s{2,}/)).toEqual([
      'grant-claude-ana-0001',
      'oauth',
      'oauth grant',
      'ana@a.test',
      clientId,
      'Claude',
      'kadu:read,kadu:run',
      '2026-12-01T11:00:00.000Z',
      '2099-01-01T00:00:00.000Z',
      '2026-12-01T11:45:00.000Z',
      'active',
    ]);
    expect(stdout[2].split(/\s{2,}/).slice(0, 2)).toEqual([PERSONAL_ID, 'personal']);
    expect(stdout.join('\n')).not.toContain('grant-other-caio');
  });

  it('token revoke takes a grant id (with every token of it) or a personal token id; an unknown one fails with 1', async () => {
    await grant('grant-claude-ana-0001', 'ana', 'dcr-client', '2026-12-01T11:00:00.000Z', '2026-12-01T11:45:00.000Z');
    expect((await run('token', 'revoke', '--id', 'grant-claude-ana-0001', '--organization', 'other')).code).toBe(1);
    expect(await db.selectFrom('oauth_records').selectAll().execute()).toHaveLength(2);
    const revoked = await run('token', 'revoke', '--id', 'grant-claude-ana-0001', '--organization', 'acme');
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toEqual(['Token grant-claude-ana-0001 revoked: the next API or MCP call with it gets 401.']);
    expect(await db.selectFrom('oauth_records').selectAll().execute()).toEqual([]);
    expect(personal.revokeToken).not.toHaveBeenCalled();

    expect((await run('token', 'revoke', '--id', PERSONAL_ID.toUpperCase())).code).toBe(0);
    expect(personal.revoked).toEqual([PERSONAL_ID]);
    const missing = await run('token', 'revoke', '--id', 'grant-claude-ana-0001');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toEqual(['Error: No token has the id grant-claude-ana-0001']);
  });

  it('client create refuses scopes the server does not have, naming them, and registers nothing', async () => {
    const refused = await run('client', 'create', '--name', 'X', '--redirect-uri', 'https://a.example/cb', '--scope', 'kadu:read kadu:admin billing:read');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toEqual(['Error: --scope: "kadu:admin", "billing:read" are not scopes of this server; use kadu:read, kadu:write, kadu:run']);
    expect(await apps.listClients()).toEqual([]);
  });

  it.each([
    [['client', 'create', '--redirect-uri', 'http://127.0.0.1/cb'], '--name is required'],
    [['client', 'create', '--name', 'X'], '--redirect-uri is required'],
    [['client', 'create', '--name', 'X', '--redirect-uri', 'http://evil.example/cb'], 'is not acceptable'],
    [['client', 'create', '--name', 'X', '--redirect-uri', 'https://a.example/cb#frag'], 'is not acceptable'],
    [['client', 'create', '--name', 'X', '--redirect-uri', 'javascript:alert(1)'], 'is not acceptable'],
    [['client', 'create', '--name', 'X', '--redirect-uri', 'https://a.example/cb', '--scope', 'a "b'], 'is not a valid scope'],
    [['client', 'create', '--name', 'X', '--secret', 'y'], "Unknown option '--secret'"],
    [['client', 'delete'], 'is not a client id'],
    [['client', 'list', 'extra'], 'Unexpected argument'],
    [['token', 'revoke', '--id', 'bad id!'], '--id must be a token or grant id'],
  ])('exits with 2 and the usage for %j, without opening the database', async (argv, message) => {
    const { code, stderr } = await run(...argv);
    expect(code).toBe(2);
    expect(stderr.join('\n')).toContain(message);
    expect(stderr.join('\n')).toContain('Usage: test');
    expect(open).not.toHaveBeenCalled();
  });

  it('accepts loopback http and https redirect URIs, each once, and refuses what the server would refuse', () => {
    expect(
      parseClientCreateArgs([
        '--name',
        ' Notebook ',
        '--redirect-uri',
        'http://localhost:9000/cb',
        '--redirect-uri',
        'http://[::1]:9000/cb',
        '--redirect-uri',
        'https://app.example/oauth',
        '--redirect-uri',
        'http://localhost:9000/cb',
      ]),
    ).toEqual({ name: 'Notebook', redirectUris: ['http://localhost:9000/cb', 'http://[::1]:9000/cb', 'https://app.example/oauth'] });
    // The authorization server takes only https and loopback http (its redirect policy runs on every load of a client).
    expect(() => parseClientCreateArgs(['--name', 'App', '--redirect-uri', 'com.example.app:/oauth'])).toThrow(CliUsageError);
    expect(() => parseClientCreateArgs(['--name', 'x'.repeat(101), '--redirect-uri', 'https://a.example/cb'])).toThrow(CliUsageError);
    expect(parseClientDeleteArgs(['--id', 'https://app.example/client.json'])).toEqual({ id: 'https://app.example/client.json' });
    // A registered client's id is URL-safe base64 and may begin with a dash.
    expect(parseClientDeleteArgs(['--id', '-Qx7_client'])).toEqual({ id: '-Qx7_client' });
  });
});
