/**
 * The architecture rules of .dependency-cruiser.js, tested: each case lays
 * out a small tree in a temp folder that breaks one rule (through a relative
 * path and through a path alias where both exist), runs dependency-cruiser's
 * CLI on it with the project's own config, exactly as `npm run lint:deps`
 * does, and expects exactly those violations. A clean tree that uses every
 * allowed pattern must pass, so the rules do not over-reach either.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '..', '..');
const CONFIG = join(ROOT, '.dependency-cruiser.js');
// The package exports only an ESM `import` condition, so it is reached by path rather than require.resolve.
const DEPCRUISE = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

/** The project's tsconfig `paths` shape: one alias per library, plus the mcp testing entry point. */
const TSCONFIG = {
  compilerOptions: {
    module: 'commonjs',
    moduleResolution: 'node',
    baseUrl: './',
    paths: {
      '@kobana/mcp': ['libs/mcp/src'],
      '@kobana/mcp/*': ['libs/mcp/src/*'],
      '@kobana/ledger': ['libs/ledger/src'],
      '@kobana/ledger/*': ['libs/ledger/src/*'],
    },
  },
};

/** A minimal library pair every case starts from, itself within the rules. */
const BASE: Record<string, string> = {
  'libs/mcp/src/index.ts': "export * from './interfaces/caller.interface';\nexport * from './limits/limit';\n",
  'libs/mcp/src/interfaces/caller.interface.ts': 'export interface Caller { id: string }\n',
  'libs/mcp/src/limits/limit.ts': "import type { Caller } from '../interfaces/caller.interface';\nexport const limit = (caller: Caller) => caller.id;\n",
  'libs/mcp/src/testing/index.ts': "export { limit as testLimit } from '../limits/limit';\n",
  'libs/ledger/src/index.ts': "export * from './ledger';\n",
  'libs/ledger/src/ledger.ts': 'export const ledger = 1;\n',
  'src/kadu.ts': 'export const kadu = 1;\n',
  'apps/billing/billing.ts': 'export const billing = 1;\n',
  'apps/conformance/conformance.ts': 'export const conformance = 1;\n',
  'test/support.ts': 'export const support = 1;\n',
  'bench/bench.ts': 'export const bench = 1;\n',
};

interface Violation {
  rule: string;
  from: string;
  to: string;
  /** For a cycle: the modules after `from`, back to `from`. */
  cycle?: string[];
}

const execFileAsync = promisify(execFile);
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/**
 * Lays out BASE plus `files` in a fresh folder and returns the violations
 * dependency-cruiser reports on it. Called while the tests are collected, so
 * that the runs (each a Node process that loads TypeScript) overlap instead of
 * queueing; each test awaits its own.
 */
function cruise(files: Record<string, string>): Promise<Violation[]> {
  const run = violationsOf(files);
  run.catch(() => undefined); // reported by the test that awaits it, not as an unhandled rejection
  return run;
}

async function violationsOf(files: Record<string, string>): Promise<Violation[]> {
  const dir = mkdtempSync(join(tmpdir(), 'kobana-boundaries-'));
  dirs.push(dir);
  const tree: Record<string, string> = { ...BASE, ...files, 'tsconfig.json': JSON.stringify(TSCONFIG) };
  for (const [path, text] of Object.entries(tree)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const args = [DEPCRUISE, '--config', CONFIG, '--output-type', 'json', 'src', 'apps', 'libs', 'test', 'bench'];
  // Exit code = number of errors, so a failing run is the expected outcome here: read stdout either way.
  const stdout = await execFileAsync(process.execPath, args, { cwd: dir, maxBuffer: 16 * 1024 * 1024 }).then(
    (result) => result.stdout,
    (error: { stdout?: string; stderr?: string }) => {
      if (!error.stdout) throw new Error(`dependency-cruiser failed: ${error.stderr}`);
      return error.stdout;
    },
  );
  type Reported = { rule: { name: string }; from: string; to: string; cycle?: { name: string }[] };
  const result = JSON.parse(stdout) as { summary: { violations: Reported[] } };
  return result.summary.violations.map(({ rule, from, to, cycle }) => ({ rule: rule.name, from, to, cycle: cycle?.map(({ name }) => name) }));
}

/** `rule: from -> to`, or for a cycle `rule: from -> ... -> from`. */
const byName = (violations: Violation[]) => violations.map(({ rule, from, to, cycle }) => `${rule}: ${[from, ...(cycle ?? [to])].join(' -> ')}`).sort();
const tested = new Set<string>();
/** Expects exactly `expected` (`rule: from -> to`), and records the rules proven to fire. */
function expectExactly(violations: Violation[], expected: string[]) {
  expect(byName(violations)).toEqual([...expected].sort());
  violations.forEach(({ rule }) => tested.add(rule));
}

describe('architecture rules (.dependency-cruiser.js)', () => {
  jest.setTimeout(60_000);

  const allowed = cruise({
    // Hosts and tests reach libraries through their entry points, by alias or by relative path.
    'src/uses-libs.ts': "import { limit } from '@kobana/mcp';\nimport { ledger } from '../libs/ledger/src';\nexport const a = [limit, ledger];\n",
    'apps/billing/uses-libs.ts': "import { ledger } from '@kobana/ledger';\nimport { billing } from './billing';\nexport const b = [ledger, billing];\n",
    'test/uses-testing.ts':
      "import { testLimit } from '@kobana/mcp/testing';\nimport { kadu } from '../src/kadu';\nimport { billing } from '../apps/billing/billing';\n" +
      "import { support } from './support';\nexport const t = [testLimit, kadu, billing, support];\n",
    'test/uses-testing-relative.ts': "import { testLimit } from '../libs/mcp/src/testing';\nexport const r = testLimit;\n",
    'bench/uses-lib.ts': "import type { Caller } from '@kobana/mcp';\nexport type B = Caller;\n",
    // A library imports another one through its entry point, and itself freely.
    'libs/ledger/src/uses-mcp.ts': "import { limit } from '@kobana/mcp';\nimport { ledger } from './ledger';\nexport const l = [limit, ledger];\n",
    // interfaces/ may import each other, Node built-ins and npm packages.
    'libs/mcp/src/interfaces/options.interface.ts':
      "import type { EventEmitter } from 'node:events';\nimport type { Thing } from 'some-package';\nimport type { Caller } from './caller.interface';\n" +
      'export interface Options { caller: Caller; events: EventEmitter; thing: Thing }\n',
    'node_modules/some-package/package.json': '{ "name": "some-package", "version": "1.0.0", "main": "index.js", "types": "index.d.ts" }\n',
    'node_modules/some-package/index.js': 'module.exports = {};\n',
    'node_modules/some-package/index.d.ts': 'export interface Thing { x: number }\n',
    // Build output is not cruised: this cycle would fail if it were.
    'bench/dist/a.js': "require('./b');\n",
    'bench/dist/b.js': "require('./a');\n",
  });
  it('passes a tree that uses every allowed pattern', async () => {
    const violations = await allowed;
    expect(violations).toEqual([]);
  });

  const appsToKadu = cruise({
    'apps/billing/bad.ts': "import { kadu } from '../../src/kadu';\nexport const x = kadu;\n",
    'apps/conformance/bad.ts': "export { kadu } from '../../src/kadu';\n",
  });
  it('apps-not-to-kadu: an application imports nothing from src/', async () => {
    const violations = await appsToKadu;
    expectExactly(violations, ['apps-not-to-kadu: apps/billing/bad.ts -> src/kadu.ts', 'apps-not-to-kadu: apps/conformance/bad.ts -> src/kadu.ts']);
  });

  const kaduToApps = cruise({ 'src/bad.ts': "import type { billing } from '../apps/billing/billing';\nexport type X = typeof billing;\n" });
  it('kadu-not-to-apps: src/ imports nothing from an application', async () => {
    const violations = await kaduToApps;
    expectExactly(violations, ['kadu-not-to-apps: src/bad.ts -> apps/billing/billing.ts']);
  });

  const appsToApps = cruise({
    'apps/billing/bad.ts': "import { conformance } from '../conformance/conformance';\nexport const x = conformance;\n",
    'apps/conformance/bad.ts': "const { billing } = require('../billing/billing');\nexport const y = billing;\n",
  });
  it('apps-not-to-other-apps: billing and conformance import nothing from each other', async () => {
    const violations = await appsToApps;
    expectExactly(violations, [
      'apps-not-to-other-apps: apps/billing/bad.ts -> apps/conformance/conformance.ts',
      'apps-not-to-other-apps: apps/conformance/bad.ts -> apps/billing/billing.ts',
    ]);
  });

  const libsToHosts = cruise({
    'libs/ledger/src/bad.ts':
      "import { kadu } from '../../../src/kadu';\nimport { billing } from '../../../apps/billing/billing';\n" +
      "import { support } from '../../../test/support';\nimport { bench } from '../../../bench/bench';\nexport const x = [kadu, billing, support, bench];\n",
  });
  it('libs-not-to-hosts: a library imports nothing from src/, apps/, test/ or bench/', async () => {
    const violations = await libsToHosts;
    expectExactly(violations, [
      'libs-not-to-hosts: libs/ledger/src/bad.ts -> apps/billing/billing.ts',
      'libs-not-to-hosts: libs/ledger/src/bad.ts -> bench/bench.ts',
      'libs-not-to-hosts: libs/ledger/src/bad.ts -> src/kadu.ts',
      'libs-not-to-hosts: libs/ledger/src/bad.ts -> test/support.ts',
    ]);
  });

  const libSpecs = cruise({
    'libs/ledger/src/ledger.spec.ts':
      "import { support } from '../../../test/support';\nimport { kadu } from '../../../src/kadu';\n" +
      "import { billing } from '../../../apps/billing/billing';\nimport { bench } from '../../../bench/bench';\nexport const x = [support, kadu, billing, bench];\n",
  });
  it("lib-specs-to-test-support-only: a library's spec may use test/support, never a host or the benchmark", async () => {
    const violations = await libSpecs;
    expectExactly(violations, [
      'lib-specs-to-test-support-only: libs/ledger/src/ledger.spec.ts -> apps/billing/billing.ts',
      'lib-specs-to-test-support-only: libs/ledger/src/ledger.spec.ts -> bench/bench.ts',
      'lib-specs-to-test-support-only: libs/ledger/src/ledger.spec.ts -> src/kadu.ts',
    ]);
  });

  const deepImports = cruise({
    'src/bad-alias.ts': "import type { Caller } from '@kobana/mcp/interfaces/caller.interface';\nexport type X = Caller;\n",
    'src/bad-relative.ts': "import { ledger } from '../libs/ledger/src/ledger';\nexport const x = ledger;\n",
    'apps/billing/bad.ts': "import { limit } from '@kobana/mcp/limits/limit';\nexport const y = limit;\n",
    'test/bad.ts': "import { limit } from '../libs/mcp/src/limits/limit';\nexport const z = limit;\n",
    'bench/bad.ts': "import { ledger } from '@kobana/ledger/ledger';\nexport const w = ledger;\n",
  });
  it('lib-entry-point-only: outside a library, a deep import fails by alias and by relative path', async () => {
    const violations = await deepImports;
    expectExactly(violations, [
      'lib-entry-point-only: apps/billing/bad.ts -> libs/mcp/src/limits/limit.ts',
      'lib-entry-point-only: bench/bad.ts -> libs/ledger/src/ledger.ts',
      'lib-entry-point-only: src/bad-alias.ts -> libs/mcp/src/interfaces/caller.interface.ts',
      'lib-entry-point-only: src/bad-relative.ts -> libs/ledger/src/ledger.ts',
      'lib-entry-point-only: test/bad.ts -> libs/mcp/src/limits/limit.ts',
    ]);
  });

  const libToLibDeep = cruise({
    'libs/ledger/src/bad-alias.ts': "import { limit } from '@kobana/mcp/limits/limit';\nexport const x = limit;\n",
    'libs/ledger/src/bad-relative.ts': "import type { Caller } from '../../mcp/src/interfaces/caller.interface';\nexport type Y = Caller;\n",
  });
  it('lib-to-other-lib-entry-point-only: a library reaches into another one only through its entry point', async () => {
    const violations = await libToLibDeep;
    expectExactly(violations, [
      'lib-to-other-lib-entry-point-only: libs/ledger/src/bad-alias.ts -> libs/mcp/src/limits/limit.ts',
      'lib-to-other-lib-entry-point-only: libs/ledger/src/bad-relative.ts -> libs/mcp/src/interfaces/caller.interface.ts',
    ]);
  });

  const interfaces = cruise({
    'libs/mcp/src/interfaces/bad.interface.ts': "import type { ledger } from '@kobana/ledger';\nexport type X = typeof ledger;\n",
    'libs/mcp/src/interfaces/bad-relative.interface.ts': "import { testLimit } from '../testing';\nexport type Y = typeof testLimit;\n",
  });
  it('mcp-interfaces-self-contained: interfaces/ imports nothing else of the project', async () => {
    const violations = await interfaces;
    expectExactly(violations, [
      'mcp-interfaces-self-contained: libs/mcp/src/interfaces/bad-relative.interface.ts -> libs/mcp/src/testing/index.ts',
      'mcp-interfaces-self-contained: libs/mcp/src/interfaces/bad.interface.ts -> libs/ledger/src/index.ts',
    ]);
  });

  const people = cruise({
    'libs/people/src/index.ts': "export * from './bad.interface';\n",
    'libs/people/src/bad.interface.ts': "import type { ledger } from '@kobana/ledger';\nexport type X = typeof ledger;\n",
  });
  it('people-self-contained: the people port imports no other library', async () => {
    const violations = await people;
    expectExactly(violations, ['people-self-contained: libs/people/src/bad.interface.ts -> libs/ledger/src/index.ts']);
  });

  const typeCycle = cruise({
    'src/a.ts': "import type { B } from './b';\nexport interface A { b?: B }\n",
    'src/b.ts': "import type { A } from './a';\nexport interface B { a?: A }\n",
  });
  it('no-circular: a cycle fails, made of type-only imports too', async () => {
    const violations = await typeCycle;
    expectExactly(violations, ['no-circular: src/a.ts -> src/b.ts -> src/a.ts']);
  });

  const libCycle = cruise({
    'libs/ledger/src/index.ts': "export * from './ledger';\nexport * from './uses-mcp';\n",
    'libs/ledger/src/uses-mcp.ts': "import { limit } from '@kobana/mcp';\nexport const l = limit;\n",
    'libs/mcp/src/limits/limit.ts': "import { ledger } from '@kobana/ledger';\nexport const limit = ledger;\n",
  });
  it('no-circular: a cycle through a library entry point fails', async () => {
    const violations = await libCycle;
    expectExactly(violations, [
      'no-circular: libs/ledger/src/index.ts -> libs/ledger/src/uses-mcp.ts -> libs/mcp/src/index.ts -> libs/mcp/src/limits/limit.ts -> libs/ledger/src/index.ts',
    ]);
  });

  const unresolvable = cruise({
    'src/bad.ts': "import { gone } from './gone';\nimport { other } from '@kobana/unknown';\nexport const x = [gone, other];\n",
  });
  it('not-to-unresolvable: an import of a missing file or an unknown alias fails', async () => {
    const violations = await unresolvable;
    expectExactly(violations, ['not-to-unresolvable: src/bad.ts -> ./gone', 'not-to-unresolvable: src/bad.ts -> @kobana/unknown']);
  });

  it('has a failing case above for every rule in the config', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the config is CommonJS, read as dependency-cruiser reads it
    const config = require(CONFIG) as { forbidden: { name: string }[] };
    expect([...tested].sort()).toEqual(config.forbidden.map(({ name }) => name).sort());
  });
});
