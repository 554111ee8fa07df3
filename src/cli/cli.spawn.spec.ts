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
});
