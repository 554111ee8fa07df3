/**
 * What an operator does with a host's CLI, against the running host: a client
 * pre-registered with scopes signs a person in and is offered those scopes
 * only; scopes the host lacks are refused by name; and a password reset ends
 * the person's OAuth access (access token 401, refresh token invalid_grant).
 */
import type { INestApplicationContext } from '@nestjs/common';
import type { CliIo } from '@kobana/host-kit';
import { IdentityService } from '@kobana/identity';
import { startBilling } from '../billing/billing-app';
import { startKadu } from '../support/kadu-app';
import { authorizationParams, AuthorizationStep, Browser, mcp, OAuthHost, pkce, REDIRECT_URI, tokenRequest } from './oauth-client.support';
import { runHostCli } from '@kobana/platform';
import { KADU } from '../../src/kadu.host';
import { BILLING } from '../../apps/billing/billing.host';

const runCli = (argv: string[], io?: CliIo, open?: () => Promise<INestApplicationContext>) => runHostCli(KADU, argv, io, open);
const runBillingCli = (argv: string[], io?: CliIo, open?: () => Promise<INestApplicationContext>) => runHostCli(BILLING, argv, io, open);

jest.setTimeout(90_000);

type Json = Record<string, any>;
type Cli = (argv: string[], io: CliIo, open: () => Promise<INestApplicationContext>) => Promise<number>;

const PASSWORD = 'correct horse battery staple';
const EMAIL = 'owner@org-a.test';

interface HostCase {
  name: string;
  /** The scopes the client is registered with: all but one of the host's. */
  registered: string[];
  /** A scope of the host the client was not registered with. */
  other: string;
  cli: Cli;
  start(): Promise<{ host: OAuthHost; app: INestApplicationContext; close(): Promise<void>; person(): Promise<void> }>;
}

const HOSTS: HostCase[] = [
  {
    name: 'Kadu',
    registered: ['kadu:read', 'kadu:run'],
    other: 'kadu:write',
    cli: runCli,
    async start() {
      const kadu = await startKadu();
      return {
        host: { baseUrl: kadu.baseUrl, issuer: kadu.baseUrl, resource: kadu.mcpUrl, mcpUrl: kadu.mcpUrl },
        app: kadu.app,
        close: () => kadu.close(),
        person: async () => {
          await kadu.token('org-a', 'owner', { email: EMAIL });
          await kadu.identity.setPassword((await kadu.identity.findUserByEmail(EMAIL))!.id, PASSWORD);
        },
      };
    },
  },
  {
    name: 'Billing',
    registered: ['billing:read'],
    other: 'billing:write',
    cli: runBillingCli,
    async start() {
      const billing = await startBilling();
      const issuer = 'http://billing.test';
      return {
        host: { baseUrl: billing.baseUrl, issuer, resource: `${issuer}/mcp`, mcpUrl: billing.mcpUrl },
        app: billing.app,
        close: () => billing.close(),
        person: async () => {
          await billing.token('org-a', 'owner', { email: EMAIL });
          await billing.identity.setPassword((await billing.identity.findUserByEmail(EMAIL))!.id, PASSWORD);
        },
      };
    },
  },
];

function codeOf(step: AuthorizationStep): string {
  if (step.kind !== 'redirect') throw new Error(`expected a redirect to the client, got the page (${step.status}): ${step.html.slice(0, 300)}`);
  const code = step.url.searchParams.get('code');
  if (!code) throw new Error(`no code: ${step.url.href}`);
  return code;
}

describe.each(HOSTS)("$name's CLI against the running authorization server", (hostCase) => {
  let started: Awaited<ReturnType<HostCase['start']>>;
  let host: OAuthHost;

  /** Runs the host's CLI on the running app's context (left open), and answers what it printed. */
  async function cli(...argv: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const context = { get: started.app.get.bind(started.app), close: () => Promise.resolve() } as unknown as INestApplicationContext;
    const code = await hostCase.cli(argv, { out: (line) => stdout.push(line), err: (line) => stderr.push(line) }, () => Promise.resolve(context));
    return { code, stdout, stderr };
  }

  async function preRegistered(scopes = hostCase.registered): Promise<string> {
    const created = await cli(
      'client',
      'create',
      '--name',
      'Team notebook',
      '--redirect-uri',
      REDIRECT_URI,
      ...(scopes.length ? ['--scope', scopes.join(' ')] : []),
    );
    expect(created).toMatchObject({ code: 0 });
    return created.stdout[created.stdout.length - 1];
  }

  /** Sign-in, the consent page (its listed scopes), Allow, and the token endpoint. */
  async function signIn(clientId: string, scope?: string): Promise<{ listed: string[]; tokens: Json }> {
    const browser = new Browser(host);
    await browser.signIn(EMAIL, PASSWORD);
    const { verifier, challenge } = pkce();
    const page = await browser.authorize(authorizationParams(host, clientId, challenge, { scope }));
    // No page when the person already allowed every scope offered (consent is remembered).
    const listed = page.kind === 'consent' ? [...page.html.matchAll(/data-scope="([^"]+)"/g)].map((match) => match[1]) : [];
    const code = codeOf(page.kind === 'consent' ? await browser.decide(page, 'allow') : page);
    const res = await tokenRequest(host, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: clientId });
    expect(res.status).toBe(200);
    return { listed, tokens: (await res.json()) as Json };
  }

  beforeAll(async () => {
    started = await hostCase.start();
    host = started.host;
    await started.person();
  });
  afterAll(() => started?.close());

  it('a client created with --scope completes a sign-in, offered and granted only its scopes', async () => {
    const clientId = await preRegistered();
    const { listed, tokens } = await signIn(clientId);
    expect(listed).toEqual(hostCase.registered);
    expect(tokens.scope.split(' ').sort()).toEqual([...hostCase.registered].sort());
    expect((await mcp(host, tokens.access_token, 'tools/list')).status).toBe(200);

    // Asking for more does not get more.
    const asked = await signIn(clientId, [...hostCase.registered, hostCase.other].join(' '));
    expect(asked.listed).not.toContain(hostCase.other);
    expect(asked.tokens.scope.split(' ')).not.toContain(hostCase.other);
  });

  it('client create refuses a scope the host does not have, naming it', async () => {
    const refused = await cli('client', 'create', '--name', 'X', '--redirect-uri', REDIRECT_URI, '--scope', `${hostCase.registered[0]} made:up`);
    expect(refused.code).toBe(1);
    expect(refused.stderr.join('\n')).toContain('"made:up" is not a scope of this server');
  });

  it('password reset revokes the OAuth grants: the access token gets 401, the refresh token invalid_grant, and the new password signs in', async () => {
    const clientId = await preRegistered([]);
    const { tokens } = await signIn(clientId);
    expect((await mcp(host, tokens.access_token, 'tools/list')).status).toBe(200);

    const reset = await cli('password', 'reset', '--email', EMAIL);
    expect(reset.code).toBe(0);
    const password = reset.stdout[reset.stdout.length - 1];

    expect((await mcp(host, tokens.access_token, 'tools/list')).status).toBe(401);
    const refreshed = await tokenRequest(host, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId });
    expect(refreshed.status).toBe(400);
    expect(((await refreshed.json()) as Json).error).toBe('invalid_grant');

    const browser = new Browser(host);
    await browser.signIn(EMAIL, password);
    // Back to the password the other cases sign in with.
    const identity = started.app.get(IdentityService);
    await identity.setPassword((await identity.findUserByEmail(EMAIL))!.id, PASSWORD);
  });
});
