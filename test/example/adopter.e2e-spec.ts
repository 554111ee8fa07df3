/**
 * An application with users of its own adopts the platform: the Notebook of
 * examples/adopter, packed, installed from the libraries' tarballs outside
 * this repository, built and started by `npm run example:adopter`
 * (scripts/example-adopter.sh), exactly as its README tells an adopter to.
 *
 * The official SDK 1.x client then signs in the way a real MCP client does:
 * the 401's `resource_metadata` leads it to the authorization server, it
 * registers itself (DCR), the example's member signs in and allows on the
 * platform's pages in Chromium, and the code becomes tokens; `tools/list`
 * shows the example's one tool and the platform's audit tool, `tools/call`
 * answers what its service returns; a spoiled access token makes the SDK
 * refresh, and the next call works; the audit tool, which the example's
 * `People` lets its owner use, lists those calls. `notes_list` and the
 * route `GET /api/v1/notes` share one Zod schema: the tool lists its
 * constraints, answers what the route answers, and refuses what the route
 * refuses with the route's 400 body as its error text. The sign-in page refuses a wrong password and anyone the example's
 * members do not include: the platform asks the example's `People`, never
 * identity's own users.
 */
import { ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { HttpRecorder } from '../clients/http-recorder';
import { authorizationParams, OAuthHost, pkce, registeredClient } from '../oauth/oauth-client.support';
import { expectConsent } from '../oauth/oauth-consent.support';
import { expectDiscovery, personProvider, signInSdk1 } from '../oauth/oauth-flows.support';
import { OAuthWorld, startOAuthWorld } from '../oauth/oauth-world.support';
import { Person } from '../oauth/person-browser.support';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
/** Packing every library, installing from the npm cache and building take a minute or two; a loaded CI machine, more. */
const START_TIMEOUT_MS = 240_000;

jest.setTimeout(60_000);

/** What the example prints once it listens. */
interface Started {
  mcpUrl: string;
  member: Person;
}

/** Waits for the two lines of the banner (`MCP endpoint <url>`, `Sign in as <email> / <password>`); rejects if the script stops first. */
function bannerOf(child: ChildProcess, timeoutMs: number): Promise<Started> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const fail = (why: string) => reject(new Error(`${why}\nstdout:\n${out.slice(-2000)}\nstderr:\n${err.slice(-4000)}`));
    const timer = setTimeout(() => fail(`no banner within ${timeoutMs} ms`), timeoutMs);
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const endpoint = /MCP endpoint\s+(\S+)\n/.exec(out);
      const signIn = /Sign in as (\S+) \/ (\S+)\n/.exec(out);
      if (endpoint && signIn) {
        clearTimeout(timer);
        resolve({ mcpUrl: endpoint[1], member: { email: signIn[1], password: signIn[2] } });
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(`example:adopter stopped (code ${code}, signal ${signal}) before its banner`);
    });
  });
}

describe('examples/adopter: an application with its own users, installed from the tarballs, signed in to by SDK 1.x', () => {
  let dir: string;
  let script: ChildProcess | undefined;
  let started: Started;
  let host: OAuthHost;
  let world: OAuthWorld;
  const open: Client[] = [];
  /** The member's client, signed in by the SDK 1.x case; the Zod cases call through it. */
  let signedIn: Client | undefined;

  beforeAll(async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'kobana-adopter-e2e-')));
    // In a process group of its own, so that the script, npm and the node it becomes all end with it.
    script = spawn('bash', [join(ROOT, 'scripts', 'example-adopter.sh')], {
      cwd: ROOT,
      env: { ...process.env, ADOPTER_DIR: dir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    started = await bannerOf(script, START_TIMEOUT_MS);
    host = { baseUrl, issuer: baseUrl, resource: started.mcpUrl, mcpUrl: started.mcpUrl };
    world = await startOAuthWorld();
  }, START_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    await Promise.all(open.map((client) => client.close().catch(() => undefined)));
    await world?.close();
    if (script?.pid !== undefined && script.exitCode === null && script.signalCode === null) {
      const exited = new Promise((resolve) => script!.once('exit', resolve));
      process.kill(-script.pid, 'SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints its MCP endpoint and the member to sign in as', () => {
    expect(started.mcpUrl).toBe(`${host.baseUrl}/mcp`);
    expect(started.member.email).toBe('ana@acme.example');
    expect(started.member.password.length).toBeGreaterThanOrEqual(12);
  });

  it('SDK 1.x: discovery from the 401, registration, the member signs in and allows, tools/list and tools/call, a refresh and another call', async () => {
    const { provider, outcomes } = personProvider(world.browser, world.catcher, started.member, { clientName: 'Notebook Agent' });
    const recorder = new HttpRecorder();
    const { client } = await signInSdk1(host.mcpUrl, provider, recorder.fetch, 'notebook-e2e-sdk1');
    open.push(client);
    signedIn = client;

    expectDiscovery(recorder, host, true);
    expectConsent(outcomes[0], {
      clientName: 'Notebook Agent',
      organization: 'Acme Notes',
      originHost: new URL(world.catcher.redirectUri).host,
      selfRegistered: true,
      scopes: ['notes:read', 'notes:audit'],
    });
    expect(provider.callback!.get('iss')).toBe(host.baseUrl);

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['notes_list', 'notebook_audit_events_list']);
    const expected = {
      notes: [
        { id: 'note-2', title: 'Quarterly review', body: 'Numbers are due on Friday.', created_at: '2026-03-02T14:30:00.000Z' },
        { id: 'note-1', title: 'Welcome', body: 'Every member of Acme Notes reads this note.', created_at: '2026-01-05T09:00:00.000Z' },
      ],
    };
    const first = await client.callTool({ name: 'notes_list', arguments: {} });
    expect(first.isError).toBeFalsy();
    expect(first.structuredContent).toEqual(expected);

    // The 401 of a spoiled access token makes the SDK redeem (and rotate) the refresh token.
    const before = provider.tokens()!;
    expect(before.refresh_token).toEqual(expect.any(String));
    provider.spoilAccessToken();
    const again = await client.callTool({ name: 'notes_list', arguments: {} });
    expect(again.isError).toBeFalsy();
    expect(again.structuredContent).toEqual(expected);
    const after = provider.tokens()!;
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).toEqual(expect.any(String));
    expect(after.refresh_token).not.toBe(before.refresh_token);

    // The platform's audit trail, of the member's own calls: the example's People let its owner read it.
    type Events = { data: { tool: string; subject: string; client_name: string | null; outcome: string }[] };
    // Events are written in batches a few milliseconds after the call they record: ask again until both are there.
    const events = await eventually(async () => {
      const audit = await client.callTool({ name: 'notebook_audit_events_list', arguments: { tool: 'notes_list' } });
      expect(audit.isError).toBeFalsy();
      const { data } = audit.structuredContent as Events;
      return data.length >= 2 ? data : undefined;
    }, 2_000);
    expect(events).toHaveLength(2);
    for (const event of events) expect(event).toMatchObject({ tool: 'notes_list', subject: 'member-ana', client_name: 'Notebook Agent', outcome: 'success' });
  });

  it('notes_list and GET /api/v1/notes share one Zod schema: listed with its constraints, the same answers, the same 400 body', async () => {
    expect(signedIn).toBeDefined();
    const client = signedIn!;
    const { tools } = await client.listTools();
    const tool = tools.find((listed) => listed.name === 'notes_list')!;
    // The input side of ListNotesDto (a caller may leave out what has a default) and the output side of NoteListView.
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: {
        title: { type: 'string', minLength: 2, maxLength: 40 },
        limit: { type: 'integer', minimum: 1, maximum: 20, default: 20 },
      },
    });
    expect(tool.outputSchema).toEqual({
      type: 'object',
      properties: {
        notes: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              title: { type: 'string' },
              body: { type: 'string' },
              created_at: { type: 'string', format: 'date-time', pattern: expect.any(String) },
            },
            required: ['id', 'title', 'body', 'created_at'],
            additionalProperties: false,
          },
        },
      },
      required: ['notes'],
      additionalProperties: false,
    });
    const conforms = addFormats(new Ajv2020({ strict: true, allErrors: true })).compile(tool.outputSchema!);

    // The route takes an API token of the member's organization, which the sign-in above recorded (slug acme).
    const { stdout } = await run(process.execPath, ['dist/cli.js', 'token', 'create', '--organization', 'acme', '--role', 'member', '--audience', 'api'], {
      cwd: dir,
      env: { ...process.env, PUBLIC_URL: host.baseUrl, NODE_OPTIONS: '' },
      timeout: 30_000,
    });
    const token = stdout.trim().split('\n').pop()!;
    const route = async (query: Record<string, string>) => {
      const answer = await fetch(`${host.baseUrl}/api/v1/notes?${new URLSearchParams(query)}`, {
        headers: { Authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(10_000),
      });
      return { status: answer.status, text: await answer.text() };
    };

    // Valid: the query's strings coerced by the schema, the tool's JSON numbers taken as they are; organization_id stripped on both sides.
    const cases: Array<{ args: Record<string, unknown>; query: Record<string, string>; ids: string[] }> = [
      { args: { limit: 1 }, query: { limit: '1' }, ids: ['note-2'] },
      { args: { title: ' welcome ' }, query: { title: ' welcome ' }, ids: ['note-1'] },
      { args: {}, query: {}, ids: ['note-2', 'note-1'] },
    ];
    for (const { args, query, ids } of cases) {
      const called = await client.callTool({ name: 'notes_list', arguments: args });
      expect(called.isError).toBeFalsy();
      expect(conforms(called.structuredContent)).toBe(true);
      const notes = (called.structuredContent as { notes: Array<Record<string, unknown>> }).notes;
      expect(notes.map((note) => note.id)).toEqual(ids);
      for (const note of notes) expect(Object.keys(note).sort()).toEqual(['body', 'created_at', 'id', 'title']);
      const rest = await route(query);
      expect(rest.status).toBe(200);
      expect(JSON.parse(rest.text)).toEqual(called.structuredContent);
    }

    // Invalid: the tool's isError text is exactly the route's 400 body for the same input.
    const refusals: Array<{ args: Record<string, unknown>; query: Record<string, string>; message: string[] }> = [
      { args: { limit: 0 }, query: { limit: '0' }, message: ['limit: Too small: expected number to be >=1'] },
      {
        args: { title: 'x', limit: 21 },
        query: { title: 'x', limit: '21' },
        message: ['title: Too small: expected string to have >=2 characters', 'limit: Too big: expected number to be <=20'],
      },
    ];
    for (const { args, query, message } of refusals) {
      const rest = await route(query);
      expect(rest.status).toBe(400);
      expect(JSON.parse(rest.text)).toEqual({ statusCode: 400, error: 'Bad Request', message });
      const refused = await client.callTool({ name: 'notes_list', arguments: args });
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent).toBeUndefined();
      expect(refused.content).toEqual([{ type: 'text', text: rest.text }]);
    }
  });

  /** An authorization request of a newly registered client: it opens on the sign-in page. */
  async function authorizationUrl(): Promise<string> {
    const clientId = await registeredClient(host, { client_name: 'Notebook Refusals' });
    return `${host.baseUrl}/authorize?${new URLSearchParams(authorizationParams(host, clientId, pkce().challenge))}`;
  }

  it('the sign-in page refuses the member with a wrong password', async () => {
    const stopped = await world.browser.attemptSignIn(await authorizationUrl(), { email: started.member.email, password: `${started.member.password}x` });
    expect(stopped.status).toBe(401);
    expect(new URL(stopped.url).pathname).toBe('/sign-in');
    expect(stopped.text).toContain('Wrong e-mail or password.');
  });

  it('someone the example’s members do not include cannot sign in, whatever the password', async () => {
    const stopped = await world.browser.attemptSignIn(await authorizationUrl(), { email: 'someone@elsewhere.example', password: started.member.password });
    expect(stopped.status).toBe(401);
    expect(new URL(stopped.url).pathname).toBe('/sign-in');
    expect(stopped.text).toContain('Wrong e-mail or password.');
  });
});
