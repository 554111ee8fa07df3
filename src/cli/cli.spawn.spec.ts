import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { openKaduDatabase } from '../database/kadu-database.factory';
import { IdentityService } from '@kobana/identity';
import { Kysely } from 'kysely';
import type { ConnectedAppsDatabase } from '@kobana/oauth';
import { seedConnectedApp } from '../../test/support/connected-apps.seed';
import { hostIdentityOptions } from '@kobana/platform';
import { KADU } from '../kadu.host';

const KADU_IDENTITY_OPTIONS = hostIdentityOptions(KADU);

const run = promisify(execFile);

/** The real thing, once: `npm run cli` in a child process, against a file database. */
describe('npm run cli (spawned)', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'kadu-cli-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints, as the last stdout line, a token that verifies against the same database', async () => {
    const databaseUrl = `sqlite:${join(dir, 'kadu.sqlite')}`;
    const { stdout } = await run('npm', ['run', 'cli', '--', 'token', 'create', '--organization', 'spawned', '--role', 'operator'], {
      cwd: resolve(__dirname, '../..'),
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    const token = stdout.trimEnd().split('\n').pop()!;
    expect(token).toMatch(/^kadu_mcp_/);

    const { db } = await openKaduDatabase(databaseUrl);
    try {
      await expect(new IdentityService(db, KADU_IDENTITY_OPTIONS).verify(token, 'mcp')).resolves.toMatchObject({ roles: ['operator'] });
    } finally {
      await db.destroy();
    }
  }, 60_000);

  it('lists and revokes that token in later runs, and exits with 1 for an unknown id', async () => {
    const databaseUrl = `sqlite:${join(dir, 'admin.sqlite')}`;
    const cli = (...args: string[]) =>
      run('npm', ['run', '--silent', 'cli', '--', ...args], { cwd: resolve(__dirname, '../..'), env: { ...process.env, DATABASE_URL: databaseUrl } });
    const token = (await cli('token', 'create', '--organization', 'spawned', '--role', 'viewer')).stdout.trimEnd().split('\n').pop()!;
    const id = token.split('_')[2];
    expect((await cli('token', 'list', '--organization', 'spawned')).stdout).toContain(`${id}  personal  kadu_mcp_${id.slice(0, 8)}…`);
    expect((await cli('token', 'revoke', '--id', id)).stdout).toContain(`Token ${id} revoked`);
    const failure = await cli('token', 'revoke', '--id', '00000000-0000-4000-8000-000000000000').catch((error) => error);
    expect(failure.code).toBe(1);

    const { db } = await openKaduDatabase(databaseUrl);
    try {
      await expect(new IdentityService(db, KADU_IDENTITY_OPTIONS).verify(token, 'mcp')).resolves.toBeNull();
    } finally {
      await db.destroy();
    }
  }, 90_000);

  it('pre-registers a client, lists a grant to it beside the tokens, and revokes the grant by id', async () => {
    const databaseUrl = `sqlite:${join(dir, 'oauth.sqlite')}`;
    const cli = (...args: string[]) =>
      run('npm', ['run', '--silent', 'cli', '--', ...args], { cwd: resolve(__dirname, '../..'), env: { ...process.env, DATABASE_URL: databaseUrl } });
    await cli('token', 'create', '--organization', 'spawned', '--role', 'operator');
    const created = await cli('client', 'create', '--name', 'Team notebook', '--redirect-uri', 'http://127.0.0.1:33418/callback', '--scope', 'kadu:read');
    const clientId = created.stdout.trimEnd().split('\n').pop()!;
    expect(clientId).toMatch(/^pre_[A-Za-z0-9_-]{22}$/);
    expect((await cli('client', 'list')).stdout).toMatch(
      new RegExp(`${clientId}\\s+Team notebook\\s+pre-registered\\s+http://127.0.0.1:33418/callback\\s+kadu:read`),
    );

    const { db } = await openKaduDatabase(databaseUrl);
    let grantId: string;
    try {
      const user = (await new IdentityService(db, KADU_IDENTITY_OPTIONS).findUserByEmail('operator@spawned.kadu.local'))!;
      // The grant and tokens the server writes once the person allowed the client.
      ({ grantId } = await seedConnectedApp(db as unknown as Kysely<ConnectedAppsDatabase>, {
        accountId: user.id,
        clientName: 'Team notebook',
        resource: 'http://localhost:3000/mcp',
        scope: 'kadu:read',
        clientId,
      }));
    } finally {
      await db.destroy();
    }
    const listed = (await cli('token', 'list', '--organization', 'spawned')).stdout;
    expect(listed).toMatch(new RegExp(`${grantId}\\s+oauth\\s+oauth grant\\s+operator@spawned.kadu.local\\s+${clientId}\\s+Team notebook\\s+kadu:read`));
    expect((await cli('token', 'revoke', '--id', grantId, '--organization', 'spawned')).stdout).toContain(`Token ${grantId} revoked`);
    expect((await cli('token', 'list', '--organization', 'spawned')).stdout).not.toContain(grantId);
    expect((await cli('client', 'delete', '--id', clientId)).stdout).toContain(`Client ${clientId} deleted`);
    expect((await cli('client', 'list')).stderr).toContain('No OAuth clients are registered.');
  }, 120_000);
});
