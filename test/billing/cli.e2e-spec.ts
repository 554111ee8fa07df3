/**
 * `npm run cli:billing` in a child process against a file database: the
 * token is the last stdout line and verifies for its audience only; bad
 * arguments exit with 2 before any database is opened.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { openBillingDatabase } from '../../apps/billing/database/billing-database.factory';
import { IdentityService } from '@kobana/identity';
import { Kysely } from 'kysely';
import type { ConnectedAppsDatabase } from '@kobana/oauth';
import { seedConnectedApp } from '../support/connected-apps.seed';
import { hostIdentityOptions } from '@kobana/platform';
import { BILLING } from '../../apps/billing/billing.host';

const BILLING_IDENTITY_OPTIONS = hostIdentityOptions(BILLING);

const run = promisify(execFile);
jest.setTimeout(90_000);

describe('npm run cli:billing (spawned)', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'billing-cli-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cli = (args: string[], databaseUrl: string) =>
    run('npm', ['run', '--silent', 'cli:billing', '--', ...args], { cwd: resolve(__dirname, '../..'), env: { ...process.env, DATABASE_URL: databaseUrl } });

  it('token create prints, as the last stdout line, an MCP token of that organization and role', async () => {
    const databaseUrl = `sqlite:${join(dir, 'billing.sqlite')}`;
    const { stdout } = await cli(['token', 'create', '--organization', 'spawned', '--role', 'financial', '--audience', 'mcp'], databaseUrl);
    const token = stdout.trimEnd().split('\n').pop()!;
    expect(token).toMatch(/^kbill_mcp_/);
    const { db } = await openBillingDatabase(databaseUrl);
    try {
      const identity = new IdentityService(db, BILLING_IDENTITY_OPTIONS);
      await expect(identity.verify(token, 'mcp')).resolves.toMatchObject({ roles: ['financial'], scopes: ['billing:read', 'billing:write'] });
      await expect(identity.verify(token, 'api')).resolves.toBeNull();
    } finally {
      await db.destroy();
    }
  });

  it('exits with 2 and the usage for an unknown role, without creating the database', async () => {
    const databaseUrl = `sqlite:${join(dir, 'never.sqlite')}`;
    const failure = await cli(['token', 'create', '--organization', 'acme', '--role', 'operator'], databaseUrl).catch((error) => error);
    expect(failure.code).toBe(2);
    expect(failure.stderr).toContain('--role must be one of owner, admin, financial, viewer (got "operator")');
    expect(existsSync(join(dir, 'never.sqlite'))).toBe(false);
  });

  it('token list shows the token without its secret, token revoke stops it, and an unknown id exits with 1', async () => {
    const databaseUrl = `sqlite:${join(dir, 'admin.sqlite')}`;
    const { stdout } = await cli(['token', 'create', '--organization', 'spawned', '--role', 'viewer', '--audience', 'api'], databaseUrl);
    const token = stdout.trimEnd().split('\n').pop()!;
    const id = token.split('_')[2];

    const listed = await cli(['token', 'list', '--organization', 'spawned'], databaseUrl);
    expect(listed.stdout).toContain(`${id}  personal  kbill_api_${id.slice(0, 8)}…`);
    expect(listed.stdout).not.toContain(token.split('_').slice(3).join('_'));

    const revoked = await cli(['token', 'revoke', '--id', id], databaseUrl);
    expect(revoked.stdout).toContain(`Token ${id} revoked`);
    const failure = await cli(['token', 'revoke', '--id', '00000000-0000-4000-8000-000000000000'], databaseUrl).catch((error) => error);
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain('No token has the id 00000000-0000-4000-8000-000000000000');

    const { db } = await openBillingDatabase(databaseUrl);
    try {
      await expect(new IdentityService(db, BILLING_IDENTITY_OPTIONS).verify(token, 'api')).resolves.toBeNull();
    } finally {
      await db.destroy();
    }
  });

  it('client create pre-registers a public client; a grant to it is listed beside the tokens and revoked by id with its tokens', async () => {
    const databaseUrl = `sqlite:${join(dir, 'oauth.sqlite')}`;
    await cli(['token', 'create', '--organization', 'spawned', '--role', 'financial'], databaseUrl);
    const created = await cli(['client', 'create', '--name', 'Finance bot', '--redirect-uri', 'https://bot.example/callback'], databaseUrl);
    const clientId = created.stdout.trimEnd().split('\n').pop()!;
    expect(clientId).toMatch(/^pre_/);
    expect((await cli(['client', 'list'], databaseUrl)).stdout).toMatch(
      new RegExp(`${clientId}\\s+Finance bot\\s+pre-registered\\s+https://bot.example/callback`),
    );

    let opened = await openBillingDatabase(databaseUrl);
    let grantId: string;
    try {
      const user = (await new IdentityService(opened.db, BILLING_IDENTITY_OPTIONS).findUserByEmail('financial@spawned.billing.local'))!;
      ({ grantId } = await seedConnectedApp(opened.db as unknown as Kysely<ConnectedAppsDatabase>, {
        accountId: user.id,
        clientName: 'Finance bot',
        resource: 'http://localhost:3000/mcp',
        scope: 'billing:read',
        clientId,
      }));
    } finally {
      await opened.db.destroy();
    }
    const listed = (await cli(['token', 'list', '--organization', 'spawned'], databaseUrl)).stdout;
    expect(listed).toMatch(new RegExp(`${grantId}\\s+oauth\\s+oauth grant\\s+financial@spawned.billing.local\\s+${clientId}\\s+Finance bot\\s+billing:read`));
    expect((await cli(['token', 'revoke', '--id', grantId], databaseUrl)).stdout).toContain(`Token ${grantId} revoked`);
    const failure = await cli(['token', 'revoke', '--id', grantId], databaseUrl).catch((error) => error);
    expect(failure.code).toBe(1);

    opened = await openBillingDatabase(databaseUrl);
    try {
      expect(
        await (opened.db as unknown as Kysely<ConnectedAppsDatabase>).selectFrom('oauth_records').select('model').where('grant_id', '=', grantId).execute(),
      ).toEqual([]);
    } finally {
      await opened.db.destroy();
    }
  });
});
