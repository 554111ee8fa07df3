import { INestApplicationContext } from '@nestjs/common';
import { Kysely } from 'kysely';
import { openTestDatabase } from '../../test/support/test-database';
import { KaduDatabase } from '../database/kadu-database.interface';
import { IdentityService } from '@kobana/identity';
import { CliIo, DEFAULT_CLI_TOKEN_DAYS } from '@kobana/host-kit';
import { ConnectedAppsDatabase, ConnectedAppsService } from '@kobana/oauth';
import { hostIdentityOptions } from '@kobana/platform';
import { KADU } from '../kadu.host';
import { CLI_EXIT, runHostCli } from '@kobana/platform';

const runCli = (argv: string[], io?: CliIo, open?: () => Promise<INestApplicationContext>) => runHostCli(KADU, argv, io, open);

const KADU_IDENTITY_OPTIONS = hostIdentityOptions(KADU);

/** Captures what a command writes. */
function captureIo(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (line) => stdout.push(line), err: (line) => stderr.push(line) };
}

describe('runCli', () => {
  let db: Kysely<KaduDatabase>;
  let identity: IdentityService;
  let openContext: jest.Mock<Promise<INestApplicationContext>>;

  beforeEach(async () => {
    db = await openTestDatabase();
    identity = new IdentityService(db, KADU_IDENTITY_OPTIONS);
    const apps = new ConnectedAppsService(db as unknown as Kysely<ConnectedAppsDatabase>);
    const context = { get: (token: unknown) => (token === ConnectedAppsService ? apps : identity), close: jest.fn(async () => undefined) };
    openContext = jest.fn(async () => context as unknown as INestApplicationContext);
  });
  afterEach(() => db.destroy());

  it('token create: creates the organization and user, and prints the token as the last stdout line', async () => {
    const io = captureIo();
    const code = await runCli(['token', 'create', '--organization', 'acme', '--role', 'viewer'], io, openContext);

    expect(code).toBe(CLI_EXIT.ok);
    expect(io.stdout).toHaveLength(1);
    const token = io.stdout[io.stdout.length - 1];
    await expect(identity.verify(token, 'mcp')).resolves.toMatchObject({
      roles: ['viewer'],
      scopes: ['kadu:read', 'kadu:write', 'kadu:run'],
    });
    expect(io.stderr.join('\n')).toContain('viewer@acme.kadu.local');
    expect(io.stderr.join('\n')).not.toContain(token);
  });

  it('token create: honours audience, scopes, client and expiry', async () => {
    const io = captureIo();
    const argv = [
      'token',
      'create',
      '--organization',
      'acme',
      '--role',
      'admin',
      '--audience',
      'api',
      '--scopes',
      'kadu:read, kadu:run',
      '--client-id',
      'ci',
      '--client-name',
      'CI bot',
      '--expires-in-days',
      '7',
    ];
    expect(await runCli(argv, io, openContext)).toBe(CLI_EXIT.ok);
    const token = io.stdout[io.stdout.length - 1];
    expect(token).toMatch(/^kadu_api_/);
    await expect(identity.verify(token, 'api')).resolves.toMatchObject({
      client_id: 'ci',
      client_name: 'CI bot',
      scopes: ['kadu:read', 'kadu:run'],
      roles: ['admin'],
    });
    await expect(identity.verify(token, 'mcp')).resolves.toBeNull();
  });

  it.each([
    [[]],
    [['token']],
    [['token', 'delete']],
    [['token', 'create', '--role', 'owner']],
    [['token', 'create', '--organization', 'acme']],
    [['token', 'create', '--organization', 'Acme Inc', '--role', 'owner']],
    [['token', 'create', '--organization', 'acme', '--role', 'root']],
    [['token', 'create', '--organization', 'acme', '--role', 'owner', '--audience', 'web']],
    [['token', 'create', '--organization', 'acme', '--role', 'owner', '--scopes', 'a b']],
    [['token', 'create', '--organization', 'acme', '--role', 'owner', '--expires-in-days', 'soon']],
    [['token', 'create', '--organization', 'acme', '--role', 'owner', '--colour', 'blue']],
    [['token', 'create', '--organization', 'acme', '--role', 'owner', 'extra']],
    [['token', 'create', '--organization']],
    [['token', 'create', '--organization', 'acme', '--role', 'owner', '--expires-in', '0']],
    [['token', 'create', '--organization', 'acme', '--role', 'owner', '--expires-in', '']],
    [['token', 'create', '--organization', 'acme', '--role', 'owner', '--no-expiry', '--expires-in', '7']],
    [['token', 'create', '--organization', 'acme', '--role', 'owner', '--expires-in', '7', '--expires-in-days', '7']],
    [['token', 'create', '--organization', 'acme', '--role', 'owner', '--no-expiry=yes']],
    [['token', 'list']],
    [['token', 'list', '--organization', 'Acme Inc']],
    [['token', 'list', '--organization', 'acme', '--id', 'x']],
    [['token', 'revoke']],
    [['token', 'revoke', '--id', 'not-a-uuid']],
    [['token', 'revoke', '--id', '00000000-0000-4000-8000-000000000000', '--organization', 'Acme Inc']],
    [['password', 'reset']],
  ])('exits with 2 and the usage for %j, without opening the database', async (argv) => {
    const io = captureIo();
    expect(await runCli(argv, io, openContext)).toBe(CLI_EXIT.usage);
    expect(io.stdout).toEqual([]);
    expect(io.stderr.join('\n')).toContain('Usage: npm run cli --');
    expect(openContext).not.toHaveBeenCalled();
  });

  it('prints the usage on --help and exits with 0', async () => {
    const io = captureIo();
    expect(await runCli(['--help'], io, openContext)).toBe(CLI_EXIT.ok);
    expect(io.stdout.join('\n')).toContain('token create');
  });

  it('password reset: prints a new password that verifies, or fails with 1 for an unknown e-mail', async () => {
    const acme = await identity.ensureOrganization('acme');
    const owner = await identity.ensureUser(acme, 'owner');
    const io = captureIo();
    expect(await runCli(['password', 'reset', '--email', owner.email], io, openContext)).toBe(CLI_EXIT.ok);
    await expect(identity.verifyPassword(owner.email, io.stdout[io.stdout.length - 1])).resolves.toEqual(owner);

    const missing = captureIo();
    expect(await runCli(['password', 'reset', '--email', 'nobody@acme.test'], missing, openContext)).toBe(CLI_EXIT.failed);
    expect(missing.stdout).toEqual([]);
    expect(missing.stderr.join('\n')).toContain('No user has the e-mail nobody@acme.test');
  });

  it('closes the context even when the command fails', async () => {
    const acme = await identity.ensureOrganization('acme');
    await identity.createUser(acme, 'admin', { email: 'viewer@acme.kadu.local' });
    const io = captureIo();
    const code = await runCli(['token', 'create', '--organization', 'acme', '--role', 'viewer'], io, openContext);
    expect(code).toBe(CLI_EXIT.failed);
    expect(io.stderr.join('\n')).toMatch(/already exists with role admin/);
    const context = await openContext.mock.results[0].value;
    expect(context.close).toHaveBeenCalled();
  });

  describe('token lifetime', () => {
    const expiry = async (...options: string[]) => {
      const io = captureIo();
      expect(await runCli(['token', 'create', '--organization', 'acme', '--role', 'viewer', ...options], io, openContext)).toBe(CLI_EXIT.ok);
      const id = io.stdout[io.stdout.length - 1].split('_')[2];
      const record = (await identity.findToken(id))!;
      return record.expires_at === null ? null : (Date.parse(record.expires_at) - Date.parse(record.created_at)) / 86_400_000;
    };

    it('expires in 90 days unless told otherwise', async () => expect(await expiry()).toBe(DEFAULT_CLI_TOKEN_DAYS));
    it('honours --expires-in <days> and its older spelling --expires-in-days', async () => {
      expect(await expiry('--expires-in', '7')).toBe(7);
      expect(await expiry('--expires-in-days', '0.5')).toBe(0.5);
    });
    it('never expires only with an explicit --no-expiry', async () => expect(await expiry('--no-expiry')).toBeNull());
  });

  describe('token list and token revoke', () => {
    const create = async (role: string, ...options: string[]) => {
      const io = captureIo();
      await runCli(['token', 'create', '--organization', 'acme', '--role', role, ...options], io, openContext);
      const token = io.stdout[io.stdout.length - 1];
      return { token, id: token.split('_')[2] };
    };

    it("lists the organization's tokens with a hint, client, scopes, dates and status, and never a secret", async () => {
      const viewer = await create('viewer');
      const admin = await create('admin', '--audience', 'api', '--client-name', 'CI bot', '--no-expiry');
      await identity.createToken({ organization: 'other', role: 'owner' });

      const io = captureIo();
      expect(await runCli(['token', 'list', '--organization', 'acme'], io, openContext)).toBe(CLI_EXIT.ok);
      expect(io.stdout).toHaveLength(3);
      expect(io.stdout[0].split(/\s{2,}/)).toEqual(['ID', 'KIND', 'TOKEN', 'USER', 'CLIENT', 'NAME', 'SCOPES', 'CREATED', 'EXPIRES', 'STATUS']);
      const rows = io.stdout.slice(1).join('\n');
      const cells = (id: string) => io.stdout.find((line) => line.startsWith(id))!.split(/\s{2,}/);
      const scopes = 'kadu:read,kadu:write,kadu:run';
      expect(cells(viewer.id)).toEqual([
        viewer.id,
        'personal',
        `kadu_mcp_${viewer.id.slice(0, 8)}…`,
        'viewer@acme.kadu.local',
        `pat_${viewer.id}`,
        'Personal access token',
        scopes,
        expect.stringMatching(/^\d{4}-/),
        expect.stringMatching(/^\d{4}-/),
        'active',
      ]);
      expect(cells(admin.id)).toEqual([
        admin.id,
        'personal',
        `kadu_api_${admin.id.slice(0, 8)}…`,
        'admin@acme.kadu.local',
        `pat_${admin.id}`,
        'CI bot',
        scopes,
        expect.any(String),
        'never',
        'active',
      ]);
      for (const { token } of [viewer, admin]) expect(rows).not.toContain(token.split('_').slice(3).join('_'));

      const mine = captureIo();
      expect(await runCli(['token', 'list', '--organization', 'acme', '--email', 'admin@acme.kadu.local'], mine, openContext)).toBe(CLI_EXIT.ok);
      expect(mine.stdout).toHaveLength(2);
      expect(mine.stdout[1]).toContain(admin.id);
    });

    it('revokes by id: the token stops verifying, the listing says so, a second revoke changes nothing', async () => {
      const { token, id } = await create('operator');
      const io = captureIo();
      expect(await runCli(['token', 'revoke', '--id', id], io, openContext)).toBe(CLI_EXIT.ok);
      expect(io.stdout).toEqual([`Token ${id} revoked: the next API or MCP call with it gets 401.`]);
      await expect(identity.verify(token, 'mcp')).resolves.toBeNull();

      const again = captureIo();
      expect(await runCli(['token', 'revoke', '--id', id.toUpperCase(), '--organization', 'acme'], again, openContext)).toBe(CLI_EXIT.ok);
      expect(again.stdout[0]).toMatch(new RegExp(`^Token ${id} was already revoked at `));

      const listing = captureIo();
      await runCli(['token', 'list', '--organization', 'acme'], listing, openContext);
      expect(listing.stdout[1]).toMatch(/revoked \d{4}-\d\d-\d\dT/);
    });

    it('fails with 1 for an unknown token, organization or user, and for a token of another organization', async () => {
      const { token, id } = await create('viewer');
      await identity.ensureOrganization('other');
      const cases: [string[], string][] = [
        [['token', 'revoke', '--id', '00000000-0000-4000-8000-000000000000'], 'Error: No token has the id 00000000-0000-4000-8000-000000000000'],
        [['token', 'revoke', '--id', id, '--organization', 'other'], `Error: No token of other has the id ${id}`],
        [['token', 'list', '--organization', 'nope'], 'Error: No organization has the slug nope'],
        [['token', 'list', '--organization', 'other', '--email', 'viewer@acme.kadu.local'], 'Error: No user of other has the e-mail viewer@acme.kadu.local'],
      ];
      for (const [argv, message] of cases) {
        const io = captureIo();
        expect(await runCli(argv, io, openContext)).toBe(CLI_EXIT.failed);
        expect(io.stdout).toEqual([]);
        expect(io.stderr).toEqual([message]);
      }
      await expect(identity.verify(token, 'mcp')).resolves.not.toBeNull();
    });

    it('says so on stderr when there is nothing to list', async () => {
      await identity.ensureOrganization('empty');
      const io = captureIo();
      expect(await runCli(['token', 'list', '--organization', 'empty'], io, openContext)).toBe(CLI_EXIT.ok);
      expect(io.stdout).toEqual([]);
      expect(io.stderr).toEqual(['No tokens in empty.']);
    });
  });
});
