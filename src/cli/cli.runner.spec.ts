import { INestApplicationContext } from '@nestjs/common';
import { Kysely } from 'kysely';
import { openTestDatabase } from '../../test/support/test-database';
import { KaduDatabase } from '../database/kadu-database.interface';
import { IdentityService } from '@kobana/identity';
import { KADU_IDENTITY_OPTIONS } from '../identity/kadu-identity.options';
import { CLI_EXIT, runCli } from './cli.runner';
import { CliIo } from '@kobana/host-kit';

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
    const context = { get: () => identity, close: jest.fn(async () => undefined) };
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
});
