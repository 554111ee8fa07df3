/**
 * Runs the official MCP conformance suite against the conformance fixture
 * host (apps/conformance), for both protocol eras, and gates the result on
 * test/conformance/baseline.json.
 *
 *   npm ci --prefix test/conformance/suite        # once: the suite, both versions, and Node 22
 *   npx ts-node --transpile-only -r tsconfig-paths/register test/conformance/run-conformance.ts [options]
 *
 * Options:
 *   --run <name>         only this run (repeatable): stable-2025, next-2025, next-2026
 *   --url <url>          test a server already running there instead of starting the fixture host
 *   --token <token>      bearer token for --url (default: $CONFORMANCE_TOKEN)
 *   --results <dir>      keep the suite's raw results there (default: a temporary folder)
 *   --verbose            print the suite's own output
 *
 * Exit code: 0 when every scenario passed or came to exactly the outcome the
 * baseline gives it; 1 on an unexpected failure, on a baselined scenario that
 * now passes (remove its entry), on a baseline entry naming no scenario, or
 * when the suite or the host could not run.
 */
import { ChildProcess, execFileSync, spawn } from 'child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, createWriteStream, existsSync } from 'fs';
import { AddressInfo, createServer } from 'net';
import { tmpdir } from 'os';
import { join, resolve } from 'path';
import { randomBytes } from 'crypto';
import { Baseline, judge, readResults, renderTable, ScenarioVerdict, unknownBaselineEntries, validateBaseline } from './conformance-results';

const ROOT = resolve(__dirname, '../..');
const SUITE_DIR = join(__dirname, 'suite');
const NODE22 = join(SUITE_DIR, 'node_modules/node/bin/node');
const PRELOAD = join(__dirname, 'bearer-preload.cjs');
const BASELINE = join(__dirname, 'baseline.json');

/** One invocation of the suite: a package (version) and the scenarios it is asked for. */
interface SuiteRun {
  name: string;
  /** Folder of the suite package under test/conformance/suite/node_modules. */
  pkg: string;
  /** Arguments after `server --url <url>`. */
  args: string[];
  /** Scenarios the run must report (missing ones count as failed). */
  scenarios: () => string[];
  description: string;
}

const RUNS: SuiteRun[] = [
  {
    name: 'stable-2025',
    pkg: '@modelcontextprotocol/conformance',
    args: ['--suite', 'all'],
    scenarios: () => listScenarios('@modelcontextprotocol/conformance'),
    description: 'latest release, every server scenario, era 2025 (initialize handshake, SDK 1.x client)',
  },
  {
    name: 'next-2025',
    pkg: 'conformance-next',
    args: ['--requirements', '2025-11-25'],
    scenarios: () => requiredScenarios('2025-11-25'),
    description: 'pre-release, the frozen 2025-11-25 requirement set at the 2025 wire',
  },
  {
    name: 'next-2026',
    pkg: 'conformance-next',
    args: ['--requirements', '2026-07-28'],
    scenarios: () => requiredScenarios('2026-07-28'),
    description: 'pre-release, the frozen 2026-07-28 requirement set at the stateless wire',
  },
];

interface Options {
  runs: string[];
  url?: string;
  token?: string;
  results?: string;
  verbose: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { runs: [], verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${argv[i - 1]} needs a value`);
      return next;
    };
    switch (argv[i]) {
      case '--run':
        options.runs.push(value());
        break;
      case '--url':
        options.url = value();
        break;
      case '--token':
        options.token = value();
        break;
      case '--results':
        options.results = resolve(value());
        break;
      case '--verbose':
        options.verbose = true;
        break;
      default:
        throw new Error(`Unknown option ${argv[i]} (see the header of ${__filename})`);
    }
  }
  const unknown = options.runs.filter((name) => !RUNS.some((run) => run.name === name));
  if (unknown.length > 0) throw new Error(`Unknown run(s): ${unknown.join(', ')}; known: ${RUNS.map((run) => run.name).join(', ')}`);
  return options;
}

/** The server scenarios a suite package lists (`conformance list --server`). */
function listScenarios(pkg: string): string[] {
  const output = execFileSync(NODE22, [suiteBin(pkg), 'list', '--server'], { encoding: 'utf8' });
  return [...output.matchAll(/^\s+- ([a-z0-9-]+)/gm)].map((match) => match[1]);
}

/** Every server scenario of a frozen requirement set of the pre-release: scored and not scored. */
function requiredScenarios(revision: string): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- resolved inside the suite's own install, not the project's
  const yaml = require(require.resolve('yaml', { paths: [join(SUITE_DIR, 'node_modules/conformance-next')] })) as { parse(text: string): any };
  const file = join(SUITE_DIR, 'node_modules/conformance-next/requirements', `${revision}.yaml`);
  const set = yaml.parse(readFileSync(file, 'utf8')) as { server?: string[]; not_scored?: Array<{ scenario: string; leg: string }> };
  const notScored = (set.not_scored ?? []).filter((entry) => entry.leg === 'server').map((entry) => entry.scenario);
  return [...(set.server ?? []), ...notScored];
}

function suiteBin(pkg: string): string {
  return join(SUITE_DIR, 'node_modules', pkg, 'dist/index.js');
}

function checkToolchain(): void {
  const missing = [NODE22, ...new Set(RUNS.map((run) => suiteBin(run.pkg)))].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(`The conformance suite is not installed (missing ${missing.join(', ')}).\nRun: npm ci --prefix test/conformance/suite`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

/** Starts apps/conformance on a free loopback port and resolves once it listens. */
async function startFixtureHost(token: string, logFile: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'apps/conformance/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), CONFORMANCE_TOKEN: token, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile);
  child.stderr!.pipe(log);
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`The fixture host did not start within 90 s (log: ${logFile})`)), 90_000);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      log.write(chunk);
      output += chunk.toString();
      if (output.includes('listening on')) {
        clearTimeout(timer);
        ready();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`The fixture host exited with code ${code} before listening (log: ${logFile})`));
    });
  });
  return { url: `http://127.0.0.1:${port}/mcp`, child };
}

/** Runs one suite invocation; the suite's own exit code is ignored (the baseline decides). */
function runSuite(run: SuiteRun, url: string, token: string, outDir: string, verbose: boolean): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const pkgDir = join(SUITE_DIR, 'node_modules', run.pkg);
  const child = spawn(NODE22, [suiteBin(run.pkg), 'server', '--url', url, ...run.args, '-o', outDir], {
    cwd: outDir,
    env: {
      ...process.env,
      NODE_OPTIONS: `--require ${PRELOAD}`,
      CONFORMANCE_BEARER_TOKEN: token,
      CONFORMANCE_TARGET_ORIGIN: new URL(url).origin,
      CONFORMANCE_SUITE_DIR: pkgDir,
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(join(outDir, 'suite.log'));
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  if (verbose) {
    child.stdout!.pipe(process.stdout);
    child.stderr!.pipe(process.stderr);
  }
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`${run.name}: the suite did not finish within 10 minutes`));
    }, 600_000);
    child.once('error', fail);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  checkToolchain();
  const baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as Baseline;
  const baselineProblems = validateBaseline(baseline);
  if (baselineProblems.length > 0) throw new Error(`baseline.json is invalid:\n  ${baselineProblems.join('\n  ')}`);

  const runs = RUNS.filter((run) => options.runs.length === 0 || options.runs.includes(run.name));
  const resultsDir = options.results ?? mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  mkdirSync(resultsDir, { recursive: true });
  const token = options.url ? (options.token ?? process.env.CONFORMANCE_TOKEN ?? '') : randomBytes(24).toString('base64url');
  const host = options.url ? undefined : await startFixtureHost(token, join(resultsDir, 'fixture-host.log'));
  const url = options.url ?? host!.url;

  const judged: Array<{ name: string; verdicts: ScenarioVerdict[]; unknown: string[] }> = [];
  try {
    for (const run of runs) {
      process.stdout.write(`▶ ${run.name}: ${run.description}\n`);
      const outDir = join(resultsDir, run.name);
      await runSuite(run, url, token, outDir, options.verbose);
      const expected = baseline.runs[run.name]?.expected ?? {};
      const results = readResults(outDir, run.scenarios());
      judged.push({ name: run.name, verdicts: judge(results, expected), unknown: unknownBaselineEntries(results, expected) });
    }
  } finally {
    if (host) await stop(host.child);
  }

  process.stdout.write(`\n${renderTable(judged)}\n\n`);
  let failures = 0;
  let passed = 0;
  let known = 0;
  for (const run of judged) {
    for (const verdict of run.verdicts) {
      if (verdict.verdict === 'pass') passed++;
      else if (verdict.verdict === 'expected') known++;
      else {
        failures++;
        const why =
          verdict.verdict === 'stale'
            ? `now passes: remove it from baseline.json (was: ${verdict.baseline!.reason})`
            : verdict.verdict === 'changed'
              ? `came to "${verdict.outcome}", baseline says "${verdict.baseline!.outcome}"`
              : verdict.failures.join(' | ') || `outcome ${verdict.outcome}`;
        process.stdout.write(`✗ ${run.name} / ${verdict.scenario}: ${why}\n`);
      }
    }
    for (const scenario of run.unknown) {
      failures++;
      process.stdout.write(`✗ ${run.name} / ${scenario}: in baseline.json but not reported by the suite\n`);
    }
  }
  writeFileSync(join(resultsDir, 'summary.json'), JSON.stringify(judged, null, 2));
  process.stdout.write(`\nRaw results: ${resultsDir}\n`);
  process.stdout.write(`Known outcomes (baseline.json): ${known}; see each entry's reason.\n`);
  process.stdout.write(`conformance: ${passed} passed, ${failures} failed, ${known} skipped\n`);
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`conformance: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
