/**
 * Issue 19: @kobana/mcp installs and works in a Nest 11 application that has
 * nothing to do with this repository.
 *
 * `npm run pack:mcp` builds and packs the module; the tarball is copied into a
 * fresh folder under the OS temp dir with its own package.json (Nest 11, the
 * validation stack, and the official MCP SDK for the client), and `npm install`
 * fetches the rest from the registry. The application (fresh-app/server.cjs)
 * and the client (fresh-app/client.cjs) run from that folder with no
 * NODE_PATH, and every file either loaded must lie inside it: the tarball is
 * the only thing of this repository they can reach.
 *
 * A jest e2e spec rather than a script step so that `npm test` (and so CI)
 * runs it with everything else and reports it the same way. An install that
 * fails fails the spec: there is no skip.
 */
import { ChildProcess, execFile, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, sep } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
const TOKEN = 'fresh-app-demo-token';
const INSTALL_TIMEOUT_MS = 240_000;

jest.setTimeout(60_000);

/**
 * `npm test` passes its own npm_* variables (package fields, lifecycle, the
 * repository's config) down; the fresh app gets none of them, nor NODE_OPTIONS.
 * NPM_CONFIG_* in upper case is the machine's own setting (a CI mirror) and stays.
 */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('npm_') && key !== 'NODE_OPTIONS') env[key] = value;
  return { ...env, NODE_PATH: '', ...extra };
}

/** The lines of a child's stdout as they come, so the test can wait for the first JSON one. */
function firstJsonLine(child: ChildProcess, timeoutMs: number): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no output within ${timeoutMs} ms; stderr: ${err}`)), timeoutMs);
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line && out.includes('\n')) {
        clearTimeout(timer);
        resolve(JSON.parse(line));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before its first line; stderr: ${err}`));
    });
  });
}

describe('@kobana/mcp from its tarball, in a fresh Nest 11 application', () => {
  let appDir: string;
  let packDir: string;
  let server: ChildProcess | undefined;
  let listening: { port: number; resolved: string; loaded: string[] };

  /** Every file loaded lies inside the fresh application's folder. */
  const outside = (loaded: string[]) => loaded.filter((file) => !file.startsWith(appDir + sep));

  beforeAll(async () => {
    const packed = await run('bash', [join(ROOT, 'scripts', 'pack-mcp.sh')], { cwd: ROOT, env: cleanEnv(), maxBuffer: 16 * 1024 * 1024 });
    const tarball = packed.stdout.trim().split('\n').pop()!;
    packDir = dirname(tarball);
    expect(tarball).toMatch(/kobana-mcp-0\.1\.0\.tgz$/);

    appDir = realpathSync(mkdtempSync(join(tmpdir(), 'kobana-mcp-fresh-app-')));
    copyFileSync(tarball, join(appDir, basename(tarball)));
    for (const file of ['server.cjs', 'client.cjs']) copyFileSync(join(__dirname, 'fresh-app', file), join(appDir, file));
    const manifest = {
      name: 'fresh-nest-app',
      version: '1.0.0',
      private: true,
      dependencies: {
        '@kobana/mcp': `file:./${basename(tarball)}`,
        '@modelcontextprotocol/sdk': '^1.32.2',
        '@nestjs/common': '^11.2.10',
        '@nestjs/core': '^11.2.10',
        '@nestjs/platform-express': '^11.2.10',
        'class-transformer': '^0.5.1',
        'class-validator': '^0.14.4',
        'reflect-metadata': '^0.2.2',
        rxjs: '^7.8.2',
      },
    };
    writeFileSync(join(appDir, 'package.json'), JSON.stringify(manifest, null, 2));
    // From the registry, as a new user would; --ignore-scripts since nothing here needs a build step.
    await run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
      cwd: appDir,
      env: cleanEnv(),
      timeout: INSTALL_TIMEOUT_MS,
      maxBuffer: 16 * 1024 * 1024,
    });

    server = spawn(process.execPath, ['server.cjs'], { cwd: appDir, env: cleanEnv({ DEMO_TOKEN: TOKEN }), stdio: ['ignore', 'pipe', 'pipe'] });
    listening = (await firstJsonLine(server, 30_000)) as typeof listening;
  }, INSTALL_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (appDir) rmSync(appDir, { recursive: true, force: true });
    if (packDir) rmSync(packDir, { recursive: true, force: true });
  });

  it('resolves @kobana/mcp, and loads every file, from the fresh application only', () => {
    expect(listening.resolved).toBe(join(appDir, 'node_modules', '@kobana', 'mcp', 'dist', 'index.js'));
    expect(outside(listening.loaded)).toEqual([]);
    expect(listening.loaded).toContain(join(appDir, 'node_modules', '@kobana', 'mcp', 'dist', 'mcp.module.js'));
  });

  it('lists and calls the tool with the official SDK client and a bearer token', async () => {
    const url = `http://127.0.0.1:${listening.port}/mcp`;
    const { stdout } = await run(process.execPath, ['client.cjs', url, TOKEN], { cwd: appDir, env: cleanEnv(), timeout: 30_000 });
    const seen = JSON.parse(stdout.trim().split('\n').pop()!);

    expect(outside(seen.loaded)).toEqual([]);
    expect(seen.serverVersion).toEqual({ name: 'fresh-app', version: '1.0.0' });
    expect(seen.listed.tools).toHaveLength(1);
    expect(seen.listed.tools[0]).toMatchObject({
      name: 'greet',
      title: 'Greet',
      description: 'Greets someone by name',
      inputSchema: {
        type: 'object',
        required: ['name'],
        properties: { name: expect.objectContaining({ type: 'string', minLength: 1, maxLength: 40 }), times: expect.objectContaining({ type: 'integer' }) },
      },
      annotations: expect.objectContaining({ readOnlyHint: true }),
    });
    expect(seen.called.isError).toBeFalsy();
    expect(seen.called.structuredContent).toEqual({ greeting: 'Hello, AnaHello, Ana', organization_id: 'org-1' });
    // Arguments the DTO refuses never reach the method: a tool error in the shape the REST route would answer.
    expect(seen.invalid.isError).toBe(true);
    expect(seen.invalid.structuredContent).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: ['name must be longer than or equal to 1 characters'],
    });
    expect(seen.refused.connected).toBe(false);
    expect(seen.refused.message).toMatch(/401|Unauthorized|invalid_token/i);
  });

  it('shuts down on SIGTERM, as enableShutdownHooks() does: the app closes, then the signal ends the process', async () => {
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      server!.once('exit', (code, signal) => resolve({ code, signal })),
    );
    server!.kill('SIGTERM');
    expect(await exited).toEqual({ code: null, signal: 'SIGTERM' });
  });
});
