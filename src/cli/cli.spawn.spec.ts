import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { openKaduDatabase } from '../database/kadu-database.factory';
import { IdentityService } from '@kobana/identity';
import { KADU_IDENTITY_OPTIONS } from '../identity/kadu-identity.options';

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
    expect((await cli('token', 'list', '--organization', 'spawned')).stdout).toContain(`${id}  kadu_mcp_${id.slice(0, 8)}…`);
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
});
