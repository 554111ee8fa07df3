/**
 * Smoke run of the official MCP Inspector CLI against the real Kadu host, in
 * the form README.md and docs/getting-started.md give it:
 * `npx @modelcontextprotocol/inspector@<pinned> --cli <url> --transport http
 * --method tools/list --header "Authorization: Bearer …"`. The version is the
 * one test/conformance/suite/package.json pins (installed there with the Node
 * 22 it needs); npx runs from that folder, offline, so it takes that install
 * and never fetches. Then in both protocol eras (the Inspector's
 * `--protocol-era legacy` = 2025 with `initialize`, `modern` = 2026-07-28):
 * tools/list, one read tool call, a refused call (an `isError` result the
 * Inspector prints, not a failure), resources/read, prompts/get, each
 * compared with what Kadu itself answers; and a wrong bearer token that must
 * get nothing.
 *
 *   npm ci --prefix test/conformance/suite     # once
 *   npx ts-node --transpile-only -r tsconfig-paths/register test/conformance/inspector-smoke.ts
 *
 * Kadu runs in this process (test/support/kadu-app.ts: temporary SQLite
 * database, 127.0.0.1, a free port); the token is minted with its IdentityService.
 * Exit code 0 when every check passed, 1 otherwise.
 */
import { deepStrictEqual, ok, strictEqual } from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_V1 } from '../../src/app.constants';
import { KADU_GUIDE_MARKDOWN } from '../../src/kadu-mcp/kadu-guide.messages';
import { KaduPrompts } from '../../src/kadu-mcp/kadu-prompts.provider';
import { InvestigateFailedExecutionsDto } from '../../src/kadu-mcp/kadu-prompts.dto';
import { KaduTestApp, startKadu } from '../support/kadu-app';

const SUITE_DIR = join(__dirname, 'suite');
const ROOT = join(__dirname, '..', '..');
const NODE22 = join(SUITE_DIR, 'node_modules/node/bin/node');
const INSPECTOR = join(SUITE_DIR, 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js');
/** `@modelcontextprotocol/inspector@<version>`, as the suite pins it and the docs write it. */
const INSPECTOR_SPEC = `@modelcontextprotocol/inspector@${
  (JSON.parse(readFileSync(join(SUITE_DIR, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies[
    '@modelcontextprotocol/inspector'
  ]
}`;
/** The files that tell a person to run the Inspector. */
const DOCUMENTED_IN = ['README.md', 'docs/getting-started.md'];
const MISSING_TASK = '00000000-0000-4000-8000-000000000000';
/** The Inspector CLI's exit code for a tool result with `isError: true` (printed on stdout first). */
const INSPECTOR_TOOL_ERROR = 5;
/** One Inspector invocation never takes longer (it connects, makes one request and exits). */
const CALL_TIMEOUT_MS = 60_000;
const ERAS = ['legacy', 'modern'] as const;
const GUIDE_URI = 'kobana://kadu/guide';
const PROMPT = 'kadu_investigate_failed_executions';
const PROMPT_FROM = '2026-11-01T00:00:00Z';

type Era = (typeof ERAS)[number];

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npx @modelcontextprotocol/inspector@<pinned> --cli <url> --transport http …args --header "Authorization: Bearer …"`
 * as documented, with `--protocol-era <era>` unless `era` is undefined (the Inspector's default).
 */
function inspector(url: string, token: string, era: Era | undefined, args: string[], home: string): Promise<CliRun> {
  const argv = [INSPECTOR_SPEC, '--cli', url, '--transport', 'http', ...args, '--header', `Authorization: Bearer ${token}`];
  if (era) argv.push('--protocol-era', era);
  return new Promise((resolve, reject) => {
    // HOME and the catalog point at a temporary folder: the Inspector keeps state under ~/.mcp-inspector.
    // The suite's Node 22 first on PATH (npx and the Inspector run on it); offline, so npx takes the suite's install.
    const env = {
      ...process.env,
      HOME: home,
      MCP_CATALOG_PATH: join(home, 'mcp.json'),
      NODE_OPTIONS: '',
      PATH: `${join(SUITE_DIR, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
      npm_config_offline: 'true',
      npm_config_yes: 'true',
      npm_config_cache: join(home, 'npm-cache'),
    };
    const child = spawn('npx', argv, { cwd: SUITE_DIR, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: CALL_TIMEOUT_MS, killSignal: 'SIGKILL' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The JSON the Inspector printed for a successful call. */
async function result(run: Promise<CliRun>): Promise<Record<string, unknown>> {
  const { code, stdout, stderr } = await run;
  if (code !== 0) throw new Error(`inspector exited with ${code}: ${stderr.trim() || stdout.trim()}`);
  return JSON.parse(stdout) as Record<string, unknown>;
}

/** Era 2026 results carry the server's identity in `_meta`; era 2025 results carry no `_meta`. */
function expectEra(era: Era, answer: Record<string, unknown>): void {
  const meta = era === 'modern' ? { 'io.modelcontextprotocol/serverInfo': { name: 'kadu', title: 'Kadu', version: '1.0.0' } } : undefined;
  deepStrictEqual(answer._meta, meta);
}

/** What Kadu's endpoint lists to this token, asked directly (era 2025: no handshake needed, the server is stateless). */
async function listedTools(kadu: KaduTestApp, token: string): Promise<unknown[]> {
  const response = await fetch(kadu.mcpUrl, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  const body = (await response.json()) as { result: { tools: unknown[] } };
  return body.result.tools;
}

/** The same organization JSON from the REST route (Kadu answers the same JSON over REST and MCP). */
async function organizationOverRest(kadu: KaduTestApp): Promise<unknown> {
  const apiToken = await kadu.token('smoke-org', 'viewer', { audience: 'api', scopes: ['kadu:read'] });
  const response = await fetch(`${kadu.baseUrl}/${API_V1}/organization`, { headers: { Authorization: `Bearer ${apiToken}` } });
  strictEqual(response.status, 200);
  return response.json();
}

async function main(): Promise<number> {
  for (const file of [NODE22, INSPECTOR]) {
    if (!existsSync(file)) throw new Error(`Missing ${file}. Run: npm ci --prefix test/conformance/suite`);
  }
  const home = mkdtempSync(join(tmpdir(), 'inspector-home-'));
  const kadu = await startKadu();
  const failures: string[] = [];
  const check = async (name: string, body: () => Promise<void>) => {
    try {
      await body();
      process.stdout.write(`  ✓ ${name}\n`);
    } catch (error) {
      failures.push(name);
      process.stdout.write(`  ✗ ${name}\n${error instanceof Error ? error.message : String(error)}\n`);
    }
  };
  try {
    const token = await kadu.token('smoke-org', 'viewer', { scopes: ['kadu:read'] });
    const tools = await listedTools(kadu, token);
    const organization = await organizationOverRest(kadu);
    const prompt = kadu.app.get(KaduPrompts).investigateFailedExecutions(Object.assign(new InvestigateFailedExecutionsDto(), { from: PROMPT_FROM }));
    const run = (era: Era | undefined, args: string[]) => result(inspector(kadu.mcpUrl, token, era, args, home));
    process.stdout.write(`MCP Inspector CLI (npx ${INSPECTOR_SPEC}) against Kadu at ${kadu.mcpUrl}\n`);
    await check(`the docs give this command: npx ${INSPECTOR_SPEC} --cli <url> --transport http --method tools/list --header …`, async () => {
      for (const file of DOCUMENTED_IN) {
        const text = readFileSync(join(ROOT, file), 'utf8');
        ok(text.includes(`npx ${INSPECTOR_SPEC} --cli http://localhost:3000/mcp --transport http --method tools/list --header`), `${file}: CLI form`);
        ok(!/npx @modelcontextprotocol\/inspector(?!@)/.test(text), `${file}: an unpinned npx @modelcontextprotocol/inspector`);
      }
    });
    await check("as documented (the Inspector's default era): tools/list", async () => {
      deepStrictEqual(await run(undefined, ['--method', 'tools/list']), { tools });
    });
    for (const era of ERAS) {
      await check(`${era}: tools/list shows exactly the tools Kadu lists (${tools.length})`, async () => {
        const answer = await run(era, ['--method', 'tools/list']);
        ok(tools.some((tool) => (tool as { name: string }).name === 'kadu_organization_get'));
        // The Inspector prints the tools of every page merged, without a page's _meta: no era marker here.
        deepStrictEqual(answer, { tools });
      });
      await check(`${era}: tools/call kadu_organization_get answers the REST route's JSON`, async () => {
        const answer = await run(era, ['--method', 'tools/call', '--tool-name', 'kadu_organization_get']);
        deepStrictEqual(answer.content, [{ type: 'text', text: JSON.stringify(organization) }]);
        deepStrictEqual(answer.structuredContent, organization);
        strictEqual(answer.isError, undefined);
        expectEra(era, answer);
      });
      await check(`${era}: a refused call is printed as the route's 404 with isError (exit code 5), not a client failure`, async () => {
        const args = ['--method', 'tools/call', '--tool-name', 'kadu_tasks_get', '--tool-arg', `id=${MISSING_TASK}`];
        const { code, stdout, stderr } = await inspector(kadu.mcpUrl, token, era, args, home);
        // The Inspector prints the result, then exits with its TOOL_ERROR code; a result it could not read is another code.
        strictEqual(code, INSPECTOR_TOOL_ERROR, stderr);
        const answer = JSON.parse(stdout) as Record<string, unknown>;
        strictEqual(answer.isError, true);
        strictEqual(answer.structuredContent, undefined);
        deepStrictEqual(answer.content, [{ type: 'text', text: JSON.stringify({ message: 'Task not found', error: 'Not Found', statusCode: 404 }) }]);
      });
      await check(`${era}: resources/read ${GUIDE_URI} is the guide`, async () => {
        const answer = await run(era, ['--method', 'resources/read', '--uri', GUIDE_URI]);
        deepStrictEqual(answer.contents, [{ uri: GUIDE_URI, mimeType: 'text/markdown', text: KADU_GUIDE_MARKDOWN }]);
        expectEra(era, answer);
      });
      await check(`${era}: prompts/get ${PROMPT} from=${PROMPT_FROM} is the prompt's message`, async () => {
        const answer = await run(era, ['--method', 'prompts/get', '--prompt-name', PROMPT, '--prompt-args', `from=${PROMPT_FROM}`]);
        strictEqual(answer.description, 'Finds the failed executions of a period and explains why each one failed.');
        deepStrictEqual(answer.messages, prompt);
        expectEra(era, answer);
      });
    }
    await check('a wrong bearer token gets nothing (the Inspector stops at the 401)', async () => {
      const { code, stdout } = await inspector(kadu.mcpUrl, 'kadu_mcp_wrong', 'modern', ['--method', 'tools/list'], home);
      ok(code !== 0, `exit code ${code}`);
      ok(!stdout.includes('kadu_organization_get'), stdout);
    });
  } finally {
    await kadu.close();
    rmSync(home, { recursive: true, force: true });
  }
  process.stdout.write(failures.length === 0 ? 'inspector smoke: all checks passed\n' : `inspector smoke: ${failures.length} failed\n`);
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`inspector smoke could not run: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
