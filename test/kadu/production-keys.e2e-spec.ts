/**
 * Keys in production: with NODE_ENV=production Kadu refuses to start on
 * signing and encryption keys generated into the database they protect, and
 * says which variables to set; given those variables, it starts and stores
 * no key. `npm start` prints the refusal as one line, without a stack.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { SecretsPolicyError } from '@kobana/host-kit';
import { createKaduApp } from '../../src/app.setup';
import { KADU_DATABASE } from '../../src/database/kadu-database.constants';
import { KaduDatabase } from '../../src/database/kadu-database.interface';
import { Kysely } from 'kysely';
import { startKadu } from '../support/kadu-app';
import { freePort } from '../support/free-port';

jest.setTimeout(90_000);

const run = promisify(execFile);
const REFUSAL =
  'Refusing to start with NODE_ENV=production: KADU_SIGNING_SECRET, KADU_ENCRYPTION_KEY are not set, and a key generated into the database it protects is refused. ' +
  'Set each one in the environment, at least 32 random characters';
const KEYS = { KADU_SIGNING_SECRET: 's'.repeat(44), KADU_ENCRYPTION_KEY: 'e'.repeat(44) };

describe('Kadu keys with NODE_ENV=production', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'kadu-keys-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses to start without the keys in the environment, naming them, and stores no key', async () => {
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: `sqlite:${join(dir, 'refused.sqlite')}`,
      KADU_DEMO: 'false',
      KADU_SIGNING_SECRET: '',
      KADU_ENCRYPTION_KEY: '',
    };
    const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
    Object.assign(process.env, env);
    try {
      const app = await createKaduApp({ logger: false });
      try {
        const failure = await app.init().then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(failure).toBeInstanceOf(SecretsPolicyError);
        expect((failure as Error).message).toContain(REFUSAL);
        expect(await app.get<Kysely<KaduDatabase>>(KADU_DATABASE).selectFrom('secrets').selectAll().execute()).toEqual([]);
      } finally {
        await app.close();
      }
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });

  it('starts with both keys given, and keeps none in the database', async () => {
    const kadu = await startKadu({ env: { NODE_ENV: 'production', ...KEYS } });
    try {
      const token = await kadu.token('prod', 'viewer', { audience: 'api' });
      expect((await fetch(`${kadu.baseUrl}/api/v1/organization`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
      expect(await kadu.db.selectFrom('secrets').selectAll().execute()).toEqual([]);
    } finally {
      await kadu.close();
    }
  });

  it('`npm start` exits with 1 and one line that says what to set, without a stack', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: `sqlite:${join(dir, 'spawned.sqlite')}`,
      PORT: String(port),
      HOST: '127.0.0.1',
    };
    delete env.KADU_SIGNING_SECRET;
    delete env.KADU_ENCRYPTION_KEY;
    const failure = await run('npm', ['run', '--silent', 'start'], { cwd: resolve(__dirname, '../..'), env, timeout: 60_000 }).then(
      () => ({ code: 0, stdout: '', stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure.code).toBe(1);
    const output = `${failure.stdout}\n${failure.stderr}`;
    expect(output).toContain(`Kadu did not start: ${REFUSAL}`);
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain('kadu_mcp_');
  });
});
