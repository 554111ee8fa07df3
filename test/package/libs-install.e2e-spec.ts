/**
 * Every library installs and works in four kinds of application that have
 * nothing to do with this repository (docs/architecture.md, "Packages"): a
 * CommonJS Nest 11 one on Express; CommonJS Nest 12 ones on Express and on
 * Fastify (`@nestjs/platform-fastify` among its dependencies); and an
 * ES-module Nest 12 one on Express tested with Vitest, what `nest new` makes
 * by default for Nest 12 (`"type": "module"`, its ts-esm template).
 *
 * `npm run pack:libs` builds and packs every library of libs/ once; the
 * tarballs are copied into a fresh folder under the OS temp dir with its own
 * package.json (the tarballs, the peers the libraries name, the official MCP
 * clients 1.x and 2.x, `@nestjs/testing` and the test runner of that kind's
 * `nest new` template: jest, or Vitest and Vite; Node's and Express's types),
 * and `npm install --prefer-offline` takes the rest from npm's cache, or the
 * registry when the cache lacks it. Each peer range the libraries name that
 * accepts several majors (`^11.0.0 || ^12.0.0`) is narrowed to one: its first
 * alternative for the Nest 11 app, its last for the Nest 12 ones, so each app
 * has what a team on that major has. The install must print no peer warning
 * (ERESOLVE, overriding). There, in the application's own module system (the
 * libraries are CommonJS; the ES-module application takes them with `import`,
 * through Node's named exports of CommonJS modules, and its files are .mjs):
 *   - each entry point of each library loads, with the same exports as its
 *     source (fresh-app/entry-points.cjs or .mjs: with `import`, each name is
 *     a named import, beside `default`), and `tsc` type-checks a file that
 *     imports them all against the shipped declarations, with the compiler
 *     options of the kind's template (in the ES-module one an ES module under
 *     module nodenext);
 *   - a Nest application (fresh-app/app.module.cjs or .mjs, served by
 *     fresh-app/server.cjs on the kind's adapter, or server.mjs) makes a
 *     service method an MCP tool with `@kobana/mcp`; the official SDK 1.x
 *     client (fresh-app/client.cjs) and client 2.x (fresh-app/client2.cjs,
 *     with its default negotiation and pinned to 2026-07-28) list and call
 *     it, and a wrong token is refused;
 *   - on Nest 12, a Zod schema per side shared by a route (`@Body({ schema })`,
 *     `@SerializeOptions({ schema })`) and the tool `thing_create`
 *     (fresh-app/things.module.cjs or .mjs): both clients see its constraints
 *     in `tools/list`, a valid call's structuredContent conforms and is the
 *     route's answer, an invalid one resolves with `isError` and the route's
 *     400 body (fresh-app/things.client.cjs);
 *   - a 1.2 MB body, chunked or with Content-Length, is answered 413 with the
 *     module's JSON-RPC body, and the server goes on answering;
 *   - a spec written with `@kobana/mcp/testing` (fresh-app/greet.spec.js, or
 *     greet.spec.mjs) passes under the application's own jest or Vitest, run
 *     as its template runs it (`vitest run`, fresh-app/vitest.config.mjs).
 * Each runs from that folder with no NODE_PATH, and every file it loads must
 * lie inside it: the tarballs are the only thing of this repository it can reach.
 *
 * A jest e2e spec rather than a script step so that `npm test` (and so CI)
 * runs it with everything else and reports it the same way. An install that
 * fails fails the spec: there is no skip.
 */
import { ChildProcess, execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, sep } from 'node:path';
import { promisify } from 'node:util';
import Ajv2020 from 'ajv/dist/2020';
import { sendOversized } from '../support/oversized-body.client';
import { ANSWERED, MCP_TOO_LARGE, outcomeAgainst } from '../support/oversized-body.cases';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
const LIBS = join(ROOT, 'libs');
const TOKEN = 'fresh-app-demo-token';
const INSTALL_TIMEOUT_MS = 240_000;

jest.setTimeout(60_000);

interface LibraryManifest {
  name: string;
  version: string;
  exports: Record<string, unknown>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** Every library of libs/, by its manifest (test/architecture/library-manifests.spec.ts holds every folder to have one). */
const manifests: LibraryManifest[] = readdirSync(LIBS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .sort((a, b) => a.name.localeCompare(b.name))
  .map((entry) => JSON.parse(readFileSync(join(LIBS, entry.name, 'package.json'), 'utf8')) as LibraryManifest);

/** Every entry point of every library: `@kobana/mcp`, `@kobana/mcp/testing`, ... */
const entryPoints = manifests.flatMap((manifest) =>
  Object.entries(manifest.exports)
    .filter(([, target]) => typeof target === 'object')
    .map(([subpath]) => (subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`)),
);

/** The file name `npm pack` gives a library's tarball (`@kobana/mcp-tasks` → `kobana-mcp-tasks-0.1.0.tgz`). */
const tarballOf = (manifest: LibraryManifest) => `${manifest.name.slice(1).replace('/', '-')}-${manifest.version}.tgz`;

/** The peers the libraries require of the application, each at the range a library names. */
const requiredPeers = Object.fromEntries(
  manifests.flatMap((manifest) => Object.entries(manifest.peerDependencies ?? {}).filter(([name]) => !manifest.peerDependenciesMeta?.[name]?.optional)),
);

/**
 * One application kind: the Nest major it is on, which alternative of a peer
 * range it takes, its HTTP adapter, whether its own code is CommonJS or ES
 * modules (`"type": "module"`), and the test runner its `nest new` template
 * installs (Nest 11's: jest 29, run plainly; Nest 12's CommonJS one: jest 30,
 * run with --experimental-vm-modules since Nest 12's packages are ES modules;
 * Nest 12's ES-module one, `nest new`'s default: Vitest 4 on Vite 8).
 */
interface NestApp {
  major: 11 | 12;
  alternative: 'first' | 'last';
  adapter: 'express' | 'fastify';
  modules: 'commonjs' | 'esm';
  runner: { name: 'jest'; range: string; vmModules: boolean } | { name: 'vitest'; range: string; vite: string };
}
const NEST_APPS: NestApp[] = [
  { major: 11, alternative: 'first', adapter: 'express', modules: 'commonjs', runner: { name: 'jest', range: '^29.7.0', vmModules: false } },
  { major: 12, alternative: 'last', adapter: 'express', modules: 'commonjs', runner: { name: 'jest', range: '^30.0.0', vmModules: true } },
  { major: 12, alternative: 'last', adapter: 'fastify', modules: 'commonjs', runner: { name: 'jest', range: '^30.0.0', vmModules: true } },
  { major: 12, alternative: 'last', adapter: 'express', modules: 'esm', runner: { name: 'vitest', range: '^4.1.2', vite: '^8.0.0' } },
];

/**
 * The files of fresh-app/ copied into each kind of application: the server,
 * the entry-point loader and the testing-kit spec in the application's own
 * module system; the clients are .cjs, which Node runs as CommonJS in either.
 */
const FRESH_APP_FILES: Record<NestApp['modules'], string[]> = {
  commonjs: [
    'app.module.cjs',
    'things.module.cjs',
    'adapter.cjs',
    'server.cjs',
    'client.cjs',
    'client2.cjs',
    'things.client.cjs',
    'entry-points.cjs',
    'greet.spec.js',
  ],
  esm: [
    'loaded.mjs',
    'app.module.mjs',
    'things.module.mjs',
    'server.mjs',
    'client.cjs',
    'client2.cjs',
    'things.client.cjs',
    'entry-points.mjs',
    'greet.spec.mjs',
    'vitest.config.mjs',
  ],
};
/** The extension of the application's own files (server, entry-point loader). */
const ownExtension = (app: NestApp) => (app.modules === 'esm' ? 'mjs' : 'cjs');

/** The required peers, each range narrowed to the alternative an application on that major picks. */
function peersFor(app: NestApp): Record<string, string> {
  return Object.fromEntries(
    Object.entries(requiredPeers).map(([name, range]) => {
      const alternatives = range.split('||').map((part) => part.trim());
      return [name, app.alternative === 'first' ? alternatives[0] : alternatives[alternatives.length - 1]];
    }),
  );
}

/** The range the repository itself installs a package at (types for the type check, the 2.x client, the Fastify adapter). */
const rootRange = (name: string): string => {
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<'dependencies' | 'devDependencies', Record<string, string>>;
  return root.dependencies[name] ?? root.devDependencies[name];
};

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

/** What fresh-app/things.client.cjs saw of the Standard Schema tool and its route; `null` where there is none. */
interface ThingCalls {
  called: { isError?: boolean; structuredContent?: unknown };
  invalid: { isError?: boolean; structuredContent?: unknown; content?: unknown; thrown?: unknown };
  route: Record<'valid' | 'invalid', { status: number; text: string }>;
}

/**
 * The Nest 12 applications' tool `thing_create` and its route `POST /things`
 * share one Zod schema per side (fresh-app/things.module.cjs): the tool lists
 * the schema's constraints, a valid call's structuredContent conforms to the
 * output schema and is the route's answer, and an invalid one resolves as an
 * isError result whose text is the route's 400 body. A Nest 11 application
 * has neither.
 */
function expectStandardSchemaTool(nest: NestApp, tools: Array<Record<string, any>>, things: ThingCalls | null): void {
  const names = tools.map((tool) => tool.name as string).sort();
  if (nest.major === 11) {
    expect({ names, things }).toEqual({ names: ['greet'], things: null });
    return;
  }
  expect(names).toEqual(['greet', 'thing_create']);
  const tool = tools.find((listed) => listed.name === 'thing_create')!;
  expect(tool.inputSchema).toEqual({
    type: 'object',
    properties: { name: { type: 'string', minLength: 2, maxLength: 40 }, quantity: { type: 'integer', minimum: 1, maximum: 10, default: 1 } },
    required: ['name'],
  });
  expect(tool.outputSchema).toEqual({
    type: 'object',
    properties: {
      id: { type: 'string' },
      name: { type: 'string' },
      quantity: { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
    },
    required: ['id', 'name', 'quantity'],
    additionalProperties: false,
  });
  expect(things).not.toBeNull();
  const { called, invalid, route } = things!;
  expect(route.valid.status).toBe(201);
  expect(called.isError).toBeFalsy();
  // Trimmed by the input schema, the service's extra key stripped by the output schema: on both sides.
  expect(called.structuredContent).toEqual({ id: 'thing-1', name: 'Bolt', quantity: 3 });
  expect(called.structuredContent).toEqual(JSON.parse(route.valid.text));
  expect(new Ajv2020({ strict: true }).validate(tool.outputSchema, called.structuredContent)).toBe(true);
  expect(route.invalid.status).toBe(400);
  expect(JSON.parse(route.invalid.text)).toEqual({
    statusCode: 400,
    error: 'Bad Request',
    message: ['name: Too small: expected string to have >=2 characters', 'quantity: Too big: expected number to be <=10'],
  });
  expect(invalid.thrown).toBeUndefined();
  expect(invalid.isError).toBe(true);
  expect(invalid.structuredContent).toBeUndefined();
  expect(invalid.content).toEqual([{ type: 'text', text: route.invalid.text }]);
}

let packDir: string;
let tarballs: string[];

// Packed once, installed into each application.
beforeAll(async () => {
  packDir = realpathSync(mkdtempSync(join(tmpdir(), 'kobana-libs-pack-')));
  const packed = await run('bash', [join(ROOT, 'scripts', 'pack-libs.sh'), packDir], { cwd: ROOT, env: cleanEnv(), maxBuffer: 16 * 1024 * 1024 });
  tarballs = packed.stdout.trim().split('\n');
}, INSTALL_TIMEOUT_MS);

afterAll(() => {
  if (packDir) rmSync(packDir, { recursive: true, force: true });
});

it('packs one tarball per library, at the version they share', () => {
  expect(tarballs).toHaveLength(manifests.length);
  expect(tarballs.map((tarball) => basename(tarball)).sort()).toEqual(manifests.map(tarballOf).sort());
});

describe.each(NEST_APPS)('the libraries from their tarballs, in a fresh Nest $major $modules application on $adapter', (nest) => {
  let appDir: string;
  let server: ChildProcess | undefined;
  let listening: { port: number; adapter: string; resolved: string; loaded: string[] };
  let installWarnings: string;
  /** What every child of this application gets: its token, and the adapter it runs on. */
  const appEnv = () => cleanEnv({ DEMO_TOKEN: TOKEN, FRESH_APP_ADAPTER: nest.adapter });
  /** The major of a package as installed in the fresh application. */
  const installedMajor = (name: string) =>
    (JSON.parse(readFileSync(join(appDir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version.split('.')[0];

  /** Every file loaded lies inside the fresh application's folder. */
  const outside = (loaded: string[]) => loaded.filter((file) => !file.startsWith(appDir + sep));

  beforeAll(async () => {
    appDir = realpathSync(mkdtempSync(join(tmpdir(), 'kobana-libs-fresh-app-')));
    for (const tarball of tarballs) copyFileSync(tarball, join(appDir, basename(tarball)));
    for (const file of FRESH_APP_FILES[nest.modules]) copyFileSync(join(__dirname, 'fresh-app', file), join(appDir, file));
    const manifest = {
      name: 'fresh-nest-app',
      version: '1.0.0',
      private: true,
      ...(nest.modules === 'esm' ? { type: 'module' } : {}),
      dependencies: {
        ...Object.fromEntries(manifests.map((library) => [library.name, `file:./${tarballOf(library)}`])),
        ...peersFor(nest),
        ...(nest.adapter === 'fastify' ? { '@nestjs/platform-fastify': rootRange('@nestjs/platform-fastify') } : {}),
        '@modelcontextprotocol/sdk': '^1.32.2',
        '@modelcontextprotocol/client': rootRange('@modelcontextprotocol/client'),
        // The Standard Schema route and tool of fresh-app/things.module.cjs (Nest 12 only).
        ...(nest.major === 12 ? { zod: rootRange('zod') } : {}),
      },
      devDependencies: {
        '@nestjs/testing': peersFor(nest)['@nestjs/core'],
        '@types/express': rootRange('@types/express'),
        '@types/node': rootRange('@types/node'),
        ...(nest.runner.name === 'jest' ? { jest: nest.runner.range } : { vitest: nest.runner.range, vite: nest.runner.vite }),
      },
      // `nest new`'s jest configuration without its ts-jest transform: the spec is plain CommonJS.
      // (Vitest's is fresh-app/vitest.config.mjs.)
      ...(nest.runner.name === 'jest' ? { jest: { testEnvironment: 'node', testRegex: '\\.spec\\.js$', transform: {} } } : {}),
    };
    writeFileSync(join(appDir, 'package.json'), JSON.stringify(manifest, null, 2));
    // As a new user would, from npm's cache first; --ignore-scripts since nothing loaded here needs a build step.
    const installed = await run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', '--loglevel=warn'], {
      cwd: appDir,
      env: cleanEnv(),
      timeout: INSTALL_TIMEOUT_MS,
      maxBuffer: 16 * 1024 * 1024,
    });
    installWarnings = `${installed.stdout}\n${installed.stderr}`;

    server = spawn(process.execPath, [`server.${ownExtension(nest)}`], {
      cwd: appDir,
      env: { ...appEnv(), FRESH_APP_STANDARD_SCHEMA: nest.major === 12 ? '1' : '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    listening = (await firstJsonLine(server, 30_000)) as typeof listening;
  }, INSTALL_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (appDir) rmSync(appDir, { recursive: true, force: true });
  });

  it(`installs with a plain npm install, no peer warning, on Nest ${nest.major} with ${nest.adapter}`, () => {
    expect(installWarnings).not.toMatch(/ERESOLVE|overriding peer|Could not resolve dependency|invalid peer/i);
    const nestPackages = ['@nestjs/common', '@nestjs/core', '@nestjs/platform-express', '@nestjs/passport', '@nestjs/config', '@nestjs/testing'];
    if (nest.adapter === 'fastify') nestPackages.push('@nestjs/platform-fastify');
    for (const name of nestPackages) {
      expect({ name, major: installedMajor(name) }).toEqual({
        name,
        major: name === '@nestjs/config' && nest.major === 11 ? '4' : String(nest.major),
      });
    }
    expect(installedMajor('@modelcontextprotocol/sdk')).toBe('1');
    expect(installedMajor('@modelcontextprotocol/client')).toBe('2');
    const major = (range: string) => range.replace(/^\^(\d+).*$/, '$1');
    expect(installedMajor(nest.runner.name)).toBe(major(nest.runner.range));
    if (nest.runner.name === 'vitest') expect(installedMajor('vite')).toBe(major(nest.runner.vite));
    expect(existsSync(join(appDir, 'node_modules', nest.runner.name === 'jest' ? 'vitest' : 'jest'))).toBe(false);
  });

  it(`loads every entry point of every library from the fresh application only (${nest.modules === 'esm' ? 'import' : 'require'}), with the exports of its source`, async () => {
    const { stdout } = await run(process.execPath, [`entry-points.${ownExtension(nest)}`, ...entryPoints], {
      cwd: appDir,
      env: cleanEnv(),
      timeout: 60_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const seen = JSON.parse(stdout.trim().split('\n').pop()!) as {
      entryPoints: Record<string, { resolved: string; exports: string[]; defaultIsRequired?: boolean }>;
      loaded: string[];
    };

    expect(outside(seen.loaded)).toEqual([]);
    for (const name of entryPoints) {
      const [scope, library, ...subpath] = name.split('/');
      expect(seen.entryPoints[name].resolved).toBe(join(appDir, 'node_modules', scope, library, 'dist', ...subpath, 'index.js'));
      // The source, through the repository's own path aliases: what the package was built from.
      const source = Object.keys(jest.requireActual<object>(name));
      if (nest.modules === 'commonjs') {
        expect({ name, exports: seen.entryPoints[name].exports }).toEqual({ name, exports: source.sort() });
      } else {
        // Imported from an ES module, a CommonJS package offers every one of its names as a
        // named import (Node finds them in the emitted code, the `__esModule` marker with them),
        // beside `default` and `module.exports`.
        const imported = [...source, '__esModule', 'default', 'module.exports'].sort();
        expect({ name, exports: seen.entryPoints[name].exports }).toEqual({ name, exports: imported });
        expect({ name, defaultIsRequired: seen.entryPoints[name].defaultIsRequired }).toEqual({ name, defaultIsRequired: true });
      }
    }
  });

  it('type-checks a file that imports every entry point, against the shipped declarations', async () => {
    const imports = entryPoints.map((name, index) => `import * as entry${index} from '${name}';`);
    // In the ES-module application check.ts is an ES module (its package.json says "type": "module"),
    // so nodenext checks every import of a CommonJS package the way Node performs it; a named import
    // of each library's main class too, the form its README shows.
    const named = nest.modules === 'esm' ? [`import { McpModule } from '@kobana/mcp';`, `export const named = [McpModule];`] : [];
    writeFileSync(
      join(appDir, 'check.ts'),
      `${[...imports, ...named].join('\n')}\nexport const entryPoints = [${entryPoints.map((_, index) => `entry${index}`).join(', ')}];\n`,
    );
    // The compiler options `nest new` writes into a CommonJS application, or (ES modules) those of
    // its ts-esm template, both without skipLibCheck (below).
    const compilerOptions = {
      module: 'nodenext',
      moduleResolution: 'nodenext',
      resolvePackageJsonExports: true,
      target: 'ES2023',
      strict: true,
      esModuleInterop: true,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      noEmit: true,
      types: ['node'],
      ...(nest.modules === 'esm'
        ? { isolatedModules: true, allowSyntheticDefaultImports: true, strictPropertyInitialization: false, types: ['vitest/globals', 'node'] }
        : {}),
    };
    const tsconfig = { compilerOptions, files: ['check.ts'] };
    writeFileSync(join(appDir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    // The repository's compiler, as a tool: it reads only the fresh application's files.
    const { stdout } = await run(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', appDir], { cwd: appDir, env: cleanEnv(), timeout: 120_000 }).catch(
      (error: { stdout: string }) => error,
    );
    // Without skipLibCheck, so the libraries' declarations are checked too; the errors of
    // other packages' own declarations (a @types package behind its library) are theirs.
    const errors = stdout.split('\n').filter((line) => / error TS\d+:/.test(line));
    expect(errors.filter((line) => line.startsWith('check.ts') || line.startsWith(join('node_modules', '@kobana') + sep))).toEqual([]);
  }, 150_000);

  it(`resolves @kobana/mcp, and loads every file, from the fresh application only, on ${nest.adapter}`, () => {
    expect(listening.adapter).toBe(nest.adapter);
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
    expect(seen.listed.tools.find((tool: { name: string }) => tool.name === 'greet')).toMatchObject({
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
    // Arguments the DTO refuses never reach the method: a tool error whose text is what the REST route would answer.
    expect(seen.invalid.isError).toBe(true);
    expect(seen.invalid.structuredContent).toBeUndefined();
    expect(JSON.parse(seen.invalid.content[0].text)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: ['name must be longer than or equal to 1 characters'],
    });
    expectStandardSchemaTool(nest, seen.listed.tools, seen.things);
    expect(seen.refused.connected).toBe(false);
    expect(seen.refused.message).toMatch(/401|Unauthorized|invalid_token/i);
  });

  it('lists and calls the tool with the official client 2.x and a bearer token, in both protocol eras', async () => {
    const url = `http://127.0.0.1:${listening.port}/mcp`;
    const { stdout } = await run(process.execPath, ['client2.cjs', url, TOKEN], { cwd: appDir, env: cleanEnv(), timeout: 30_000 });
    const seen = JSON.parse(stdout.trim().split('\n').pop()!);

    expect(outside(seen.loaded)).toEqual([]);
    expect(seen.loaded).toContain(join(appDir, 'node_modules', '@modelcontextprotocol', 'client', 'dist', 'index.cjs'));
    // Its default negotiation (the handshake of 2025-06-18), then pinned to 2026-07-28 (no handshake).
    expect([seen.negotiated.protocolVersion, seen.pinned.protocolVersion]).toEqual(['2025-06-18', '2026-07-28']);
    for (const session of [seen.negotiated, seen.pinned]) {
      expect(session.serverVersion).toEqual({ name: 'fresh-app', version: '1.0.0' });
      expect(session.listed.tools.find((tool: { name: string }) => tool.name === 'greet')).toMatchObject({
        title: 'Greet',
        inputSchema: { type: 'object', required: ['name'] },
        annotations: expect.objectContaining({ readOnlyHint: true }),
      });
      expect(session.called.isError).toBeFalsy();
      expect(session.called.structuredContent).toEqual({ greeting: 'Hello, AnaHello, Ana', organization_id: 'org-1' });
      expect(session.invalid.isError).toBe(true);
      expect(JSON.parse(session.invalid.content[0].text)).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: ['name must be longer than or equal to 1 characters'],
      });
      expectStandardSchemaTool(nest, session.listed.tools, session.things);
    }
    expect(seen.refused.connected).toBe(false);
    expect(seen.refused.message).toMatch(/401|Unauthorized|invalid_token/i);
  });

  it('answers a 1.2 MB body, chunked or declared, with the 413 and its JSON-RPC body, and keeps serving', async () => {
    const mcp = { port: listening.port, path: '/mcp', headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' } };
    const outcome = outcomeAgainst(MCP_TOO_LARGE, true);
    // A few of each, one after the other: the load stays bounded, and a second one proves the first left the server whole.
    const seen: string[] = [];
    for (const declared of [false, true, false, true]) seen.push(outcome(await sendOversized(mcp, { bytes: 1_200_000, declared, timeoutMs: 15_000 })));
    expect(seen).toEqual([ANSWERED, ANSWERED, ANSWERED, ANSWERED]);

    const answer = await fetch(`http://127.0.0.1:${listening.port}/mcp`, {
      method: 'POST',
      headers: mcp.headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it(`runs a spec written with @kobana/mcp/testing under the application's own ${nest.runner.name} ${nest.runner.range}`, async () => {
    // As the application's `npm test` runs it: Nest 12's jest template adds --experimental-vm-modules;
    // its ES-module template runs `vitest run`, here with Vitest's jest-shaped JSON report in a file.
    const reportFile = join(appDir, 'vitest-report.json');
    const args =
      nest.runner.name === 'jest'
        ? [
            ...(nest.runner.vmModules ? ['--experimental-vm-modules'] : []),
            join('node_modules', 'jest', 'bin', 'jest.js'),
            '--ci',
            '--runInBand',
            '--no-watchman',
            '--json',
            `--cacheDirectory=${join(appDir, '.jest-cache')}`,
          ]
        : [join('node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter=json', `--outputFile=${reportFile}`];
    const ran = await run(process.execPath, args, { cwd: appDir, env: appEnv(), timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number | string; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
    expect({ code: ran.code, stderr: ran.code === 0 ? '' : `${ran.stdout}\n${ran.stderr}` }).toEqual({ code: 0, stderr: '' });
    const report = JSON.parse(nest.runner.name === 'jest' ? ran.stdout : readFileSync(reportFile, 'utf8')) as {
      success: boolean;
      numPassedTests: number;
      numFailedTests: number;
      testResults: Array<{ name: string; assertionResults: Array<{ fullName: string; status: string }> }>;
    };
    expect(report).toMatchObject({ success: true, numPassedTests: 2, numFailedTests: 0 });
    expect(report.testResults.map((result) => result.name)).toEqual([join(appDir, nest.modules === 'esm' ? 'greet.spec.mjs' : 'greet.spec.js')]);
    expect(report.testResults[0].assertionResults.map(({ fullName, status }) => ({ fullName, status }))).toEqual([
      { fullName: 'greet tool is loaded from this application, on its adapter', status: 'passed' },
      { fullName: 'greet tool greets as the caller, and refuses what the DTO refuses', status: 'passed' },
    ]);
  }, 150_000);

  it('shuts down on SIGTERM, as enableShutdownHooks() does: the app closes, then the signal ends the process', async () => {
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      server!.once('exit', (code, signal) => resolve({ code, signal })),
    );
    server!.kill('SIGTERM');
    expect(await exited).toEqual({ code: null, signal: 'SIGTERM' });
  });
});
