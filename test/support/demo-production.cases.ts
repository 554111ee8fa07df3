/**
 * The demo in production, the same cases on every host: with
 * NODE_ENV=production the host seeds no demo organization unless asked for
 * by name, and even then prints no password or token and leaves no demo
 * token working. The real host process is started with its npm script.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { freePort } from './free-port';

/** The identity tables as far as the cases read them. */
export interface DemoTables {
  organizations: { id: string; slug: string };
  users: { id: string; organization_id: string; role: string; password_hash: string | null };
  access_tokens: { id: string; organization_id: string; revoked_at: string | null };
}

/** What the cases need of a host. */
export interface DemoProductionHost {
  name: string;
  /** The npm script that starts the host. */
  npmScript: string;
  /** Each key variable production requires, with a good value. */
  keys: Record<string, string>;
  /** The variable that asks for the demo data. */
  demoVariable: string;
  /** The start of every token of the host (`kadu_`, `kbill_`). */
  tokenPrefix: string;
  /** Opens the host's database file (migrated by the host itself). */
  openDatabase(url: string): Promise<{ db: Kysely<DemoTables>; destroy(): Promise<void> }>;
}

const ROOT = resolve(__dirname, '../..');
const STARTED = / is running \(listening on /;

/** Starts `npm run <script>` with `env` and answers everything it printed once it says it is running; the process is stopped then. */
async function startAndStop(script: string, env: NodeJS.ProcessEnv): Promise<string> {
  const child: ChildProcess = spawn('npm', ['run', '--silent', script], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  try {
    await new Promise<void>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`not started within 60 s:\n${output}`)), 60_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (STARTED.test(output)) {
          clearTimeout(timer);
          // The banner is one write: give it a moment to arrive whole.
          setTimeout(done, 300);
        }
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`exited with ${code}:\n${output}`));
      });
    });
  } finally {
    const exited = new Promise((done) => (child.exitCode !== null ? done(undefined) : child.once('exit', done)));
    // The whole group: npm, and the node process it started.
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
  return output;
}

/** Registers the cases for `host`. */
export function describeDemoInProduction(host: DemoProductionHost): void {
  describe(`${host.name} demo with NODE_ENV=production`, () => {
    let dir: string;
    beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'demo-production-'))));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    const start = async (name: string, extra: Record<string, string>) => {
      const url = `sqlite:${join(dir, `${name}.sqlite`)}`;
      const env: NodeJS.ProcessEnv = { ...process.env, ...host.keys, ...extra, NODE_ENV: 'production', DATABASE_URL: url, HOST: '127.0.0.1' };
      delete env[host.demoVariable];
      Object.assign(env, extra);
      env.PORT = String(await freePort());
      return { output: await startAndStop(host.npmScript, env), url };
    };

    const demoRows = async (url: string) => {
      const opened = await host.openDatabase(url);
      try {
        const organization = await opened.db.selectFrom('organizations').selectAll().where('slug', '=', 'demo').executeTakeFirst();
        const users = organization ? await opened.db.selectFrom('users').selectAll().where('organization_id', '=', organization.id).execute() : [];
        const liveTokens = organization
          ? await opened.db.selectFrom('access_tokens').selectAll().where('organization_id', '=', organization.id).where('revoked_at', 'is', null).execute()
          : [];
        return { organization, users, liveTokens };
      } finally {
        await opened.destroy();
      }
    };

    it(`seeds no demo organization and prints no token unless ${host.demoVariable} says so`, async () => {
      const { output, url } = await start('default', {});
      expect(output).not.toContain(host.tokenPrefix);
      expect(output).not.toMatch(/password [A-Za-z0-9_-]{12,}/i);
      expect(output).not.toContain('Demo organization');
      expect((await demoRows(url)).organization).toBeUndefined();
    });

    it(`with ${host.demoVariable}=true seeds the organization and its owner, without a password, a working token, or a secret printed, on every start`, async () => {
      for (let restart = 0; restart < 2; restart += 1) {
        const { output, url } = await start('asked', { [host.demoVariable]: 'true' });
        expect(output).not.toContain(host.tokenPrefix);
        expect(output).not.toMatch(/Owner password [A-Za-z0-9_-]{12,}/);
        expect(output).toContain('password reset --email');
        const rows = await demoRows(url);
        expect(rows.organization).toBeDefined();
        expect(rows.users).toEqual([expect.objectContaining({ role: 'owner', password_hash: null })]);
        expect(rows.liveTokens).toEqual([]);
      }
    });
  });
}
