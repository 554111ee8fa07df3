/**
 * Keys in production, the same cases on every host: with NODE_ENV=production
 * the host refuses to start on keys generated into the database they
 * protect, and says which variables to set; given those variables, it starts
 * and stores no key. Its npm start script prints the refusal as one line,
 * without a stack.
 */
import type { INestApplication } from '@nestjs/common';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { SecretsPolicyError } from '@kobana/host-kit';
import { freePort } from './free-port';

/** A host started with its keys given. */
export interface KeyedHost {
  /** The status of an authenticated `/api/v1` read. */
  apiStatus(): Promise<number>;
  /** The rows of the host's `secrets` table. */
  storedSecrets(): Promise<unknown[]>;
  close(): Promise<void>;
}

/** What the cases need of a host. */
export interface ProductionKeysHost {
  /** The host's name in the describe block. */
  name: string;
  /** The name it gives itself in "… did not start". */
  product: string;
  /** Each key variable, with a good value. */
  keys: Record<string, string>;
  /** The variable that turns the demo data off. */
  demoVariable: string;
  /** The start of the refusal's message. */
  refusal: string;
  /** The npm script that starts the host. */
  npmScript: string;
  /** The prefix of the host's MCP tokens, which the refusal never prints. */
  tokenPrefix: string;
  /** Creates the application (configuration read from `process.env`), not initialised. */
  createApp(): Promise<INestApplication>;
  /** The rows of `app`'s `secrets` table. */
  storedSecrets(app: INestApplication): Promise<unknown[]>;
  /** Starts the host on a loopback port with `env` set. */
  startWith(env: Record<string, string>): Promise<KeyedHost>;
}

const run = promisify(execFile);

/** Registers the cases for `host`. */
export function describeProductionKeys(host: ProductionKeysHost): void {
  const keyNames = Object.keys(host.keys).join(', ');
  const them = Object.keys(host.keys).length === 1 ? 'it' : 'them';

  describe(`${host.name} keys with NODE_ENV=production`, () => {
    let dir: string;
    beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'production-keys-'))));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it(`refuses to start without ${keyNames} in the environment, naming ${them}, and stores no key`, async () => {
      const env = {
        NODE_ENV: 'production',
        DATABASE_URL: `sqlite:${join(dir, 'refused.sqlite')}`,
        [host.demoVariable]: 'false',
        ...Object.fromEntries(Object.keys(host.keys).map((key) => [key, ''])),
      };
      const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
      Object.assign(process.env, env);
      try {
        const app = await host.createApp();
        try {
          const failure = await app.init().then(
            () => undefined,
            (error: unknown) => error,
          );
          expect(failure).toBeInstanceOf(SecretsPolicyError);
          expect((failure as Error).message).toContain(host.refusal);
          expect(await host.storedSecrets(app)).toEqual([]);
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

    it(`starts with ${keyNames} given, and keeps no key in the database`, async () => {
      const started = await host.startWith({ NODE_ENV: 'production', ...host.keys });
      try {
        expect(await started.apiStatus()).toBe(200);
        expect(await started.storedSecrets()).toEqual([]);
      } finally {
        await started.close();
      }
    });

    it(`\`npm run ${host.npmScript}\` exits with 1 and one line that says what to set, without a stack`, async () => {
      const port = await freePort();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: `sqlite:${join(dir, 'spawned.sqlite')}`,
        PORT: String(port),
        HOST: '127.0.0.1',
      };
      for (const key of Object.keys(host.keys)) delete env[key];
      const failure = await run('npm', ['run', '--silent', host.npmScript], { cwd: resolve(__dirname, '../..'), env, timeout: 60_000 }).then(
        () => ({ code: 0, stdout: '', stderr: '' }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(failure.code).toBe(1);
      const output = `${failure.stdout}\n${failure.stderr}`;
      expect(output).toContain(`${host.product} did not start: ${host.refusal}`);
      expect(output).not.toMatch(/^\s+at /m);
      expect(output).not.toContain(host.tokenPrefix);
    });
  });
}
