import { INestApplicationContext } from '@nestjs/common';
import { Kysely } from 'kysely';
import { CliIo, DEFAULT_CLI_TOKEN_DAYS } from '@kobana/host-kit';
import { IdentityService } from '@kobana/identity';
import { ConnectedAppsDatabase, ConnectedAppsService } from '@kobana/oauth';
import { openBillingDatabase } from '../database/billing-database.factory';
import { BillingDatabase } from '../database/billing-database.interface';
import { hostIdentityOptions } from '@kobana/platform';
import { BILLING } from '../billing.host';
import { CLI_EXIT as BILLING_CLI_EXIT, runHostCli } from '@kobana/platform';

const runBillingCli = (argv: string[], io?: CliIo, open?: () => Promise<INestApplicationContext>) => runHostCli(BILLING, argv, io, open);

const BILLING_IDENTITY_OPTIONS = hostIdentityOptions(BILLING);

/** Captures what a command writes. */
function captureIo(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (line) => stdout.push(line), err: (line) => stderr.push(line) };
}

describe('runBillingCli', () => {
  let db: Kysely<BillingDatabase>;
  let identity: IdentityService;
  let open: jest.Mock<Promise<INestApplicationContext>>;

  beforeEach(async () => {
    db = (await openBillingDatabase('sqlite::memory:')).db;
    identity = new IdentityService(db, BILLING_IDENTITY_OPTIONS);
    const apps = new ConnectedAppsService(db as unknown as Kysely<ConnectedAppsDatabase>);
    const context = { get: (token: unknown) => (token === ConnectedAppsService ? apps : identity), close: jest.fn(async () => undefined) };
    open = jest.fn(async () => context as unknown as INestApplicationContext);
  });
  afterEach(() => db.destroy());

  const create = async (...options: string[]) => {
    const io = captureIo();
    expect(await runBillingCli(['token', 'create', '--organization', 'acme', '--role', 'financial', ...options], io, open)).toBe(BILLING_CLI_EXIT.ok);
    const token = io.stdout[io.stdout.length - 1];
    return { token, id: token.split('_')[2], io };
  };

  it('token create: a token of its own client that expires in 90 days, unless --expires-in or --no-expiry says otherwise', async () => {
    const days = async (...options: string[]) => {
      const record = (await identity.findToken((await create(...options)).id))!;
      return record.expires_at === null ? null : (Date.parse(record.expires_at) - Date.parse(record.created_at)) / 86_400_000;
    };
    expect(await days()).toBe(DEFAULT_CLI_TOKEN_DAYS);
    expect(await days('--expires-in', '3')).toBe(3);
    expect(await days('--expires-in-days', '2')).toBe(2);
    expect(await days('--no-expiry')).toBeNull();
    const { token, id, io } = await create();
    expect(io.stderr.join('\n')).toContain(`client pat_${id}`);
    await expect(identity.verify(token, 'mcp')).resolves.toMatchObject({ client_id: `pat_${id}`, client_name: 'Personal access token' });
  });

  it('token list: the organization’s tokens, with a hint and never the secret', async () => {
    const { token, id } = await create();
    const io = captureIo();
    expect(await runBillingCli(['token', 'list', '--organization', 'acme'], io, open)).toBe(BILLING_CLI_EXIT.ok);
    expect(io.stdout).toHaveLength(2);
    expect(io.stdout[1].split(/\s{2,}/)).toEqual([
      id,
      'personal',
      `kbill_mcp_${id.slice(0, 8)}…`,
      'financial@acme.billing.local',
      `pat_${id}`,
      'Personal access token',
      'billing:read,billing:write',
      expect.any(String),
      expect.any(String),
      'active',
    ]);
    expect(io.stdout.join('\n')).not.toContain(token.split('_').slice(3).join('_'));
  });

  it('token revoke: the token stops verifying; an unknown id fails with 1', async () => {
    const { token, id } = await create();
    const io = captureIo();
    expect(await runBillingCli(['token', 'revoke', '--id', id, '--organization', 'acme'], io, open)).toBe(BILLING_CLI_EXIT.ok);
    await expect(identity.verify(token, 'mcp')).resolves.toBeNull();

    const missing = captureIo();
    expect(await runBillingCli(['token', 'revoke', '--id', '00000000-0000-4000-8000-000000000000'], missing, open)).toBe(BILLING_CLI_EXIT.failed);
    expect(missing.stderr).toEqual(['Error: No token has the id 00000000-0000-4000-8000-000000000000']);
  });

  it.each([
    [['token', 'list']],
    [['token', 'revoke', '--id', 'nope']],
    [['token', 'create', '--organization', 'acme', '--role', 'owner', '--expires-in', 'soon']],
    [['token', 'create', '--organization', 'acme', '--role', 'owner', '--no-expiry', '--expires-in-days', '1']],
    [['token', 'delete']],
  ])('exits with 2 and the usage for %j, without opening the database', async (argv) => {
    const io = captureIo();
    expect(await runBillingCli(argv, io, open)).toBe(BILLING_CLI_EXIT.usage);
    expect(io.stderr.join('\n')).toContain('Usage: npm run cli:billing --');
    expect(open).not.toHaveBeenCalled();
  });
});
