/**
 * Keys in production: with NODE_ENV=production Billing refuses to start on a
 * signing secret generated into the database it protects, and says which
 * variable to set; given BILLING_SIGNING_SECRET, it starts and stores no key.
 * `npm run start:billing` prints the refusal as one line, without a stack.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Kysely } from 'kysely';
import { SecretsPolicyError } from '@kobana/host-kit';
import { createBillingApp } from '../../apps/billing/billing-app.setup';
import { BILLING_DATABASE } from '../../apps/billing/database/billing-database.constants';
import { BillingDatabase } from '../../apps/billing/database/billing-database.interface';
import { freePort } from '../support/free-port';
import { rest, startBilling } from './billing-app';

jest.setTimeout(90_000);

const run = promisify(execFile);
const REFUSAL =
  'Refusing to start with NODE_ENV=production: BILLING_SIGNING_SECRET is not set, and a key generated into the database it protects is refused. ' +
  'Set it in the environment, at least 32 random characters';

describe('Billing keys with NODE_ENV=production', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'billing-keys-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses to start without BILLING_SIGNING_SECRET, naming it, and stores no key', async () => {
    const env = { NODE_ENV: 'production', DATABASE_URL: `sqlite:${join(dir, 'refused.sqlite')}`, BILLING_DEMO: 'false', BILLING_SIGNING_SECRET: '' };
    const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
    Object.assign(process.env, env);
    try {
      const app = await createBillingApp({ logger: false });
      try {
        const failure = await app.init().then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(failure).toBeInstanceOf(SecretsPolicyError);
        expect((failure as Error).message).toContain(REFUSAL);
        expect(await app.get<Kysely<BillingDatabase>>(BILLING_DATABASE).selectFrom('secrets').selectAll().execute()).toEqual([]);
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

  it('starts with BILLING_SIGNING_SECRET given, and keeps no key in the database', async () => {
    const billing = await startBilling({ NODE_ENV: 'production', BILLING_SIGNING_SECRET: 's'.repeat(44) });
    try {
      const token = await billing.token('prod', 'viewer', { audience: 'api' });
      expect((await rest(billing, token, 'GET', '/customers')).status).toBe(200);
      expect(await billing.app.get<Kysely<BillingDatabase>>(BILLING_DATABASE).selectFrom('secrets').selectAll().execute()).toEqual([]);
    } finally {
      await billing.close();
    }
  });

  it('`npm run start:billing` exits with 1 and one line that says what to set, without a stack', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: `sqlite:${join(dir, 'spawned.sqlite')}`,
      PORT: String(port),
      HOST: '127.0.0.1',
    };
    delete env.BILLING_SIGNING_SECRET;
    const failure = await run('npm', ['run', '--silent', 'start:billing'], { cwd: resolve(__dirname, '../..'), env, timeout: 60_000 }).then(
      () => ({ code: 0, stdout: '', stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure.code).toBe(1);
    const output = `${failure.stdout}\n${failure.stderr}`;
    expect(output).toContain(`Kobana Billing did not start: ${REFUSAL}`);
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain('kbill_mcp_');
  });
});
