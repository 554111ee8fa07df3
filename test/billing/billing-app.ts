/**
 * Starts the real Kobana Billing for e2e specs: the same `createBillingApp()`
 * as `main.ts`, a fresh SQLite file, a loopback port, and token helpers.
 */
import { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseConfirmationStore } from '@kobana/approvals';
import { CreateTokenOptions, IdentityService } from '@kobana/identity';
import { BillingRole } from '../../apps/billing/identity/billing-roles.constants';
import { expectToolOutputMatches } from '@kobana/mcp/testing';
import { createHostApp } from '@kobana/platform';
import { BILLING } from '../../apps/billing/billing.host';
import type { NestApplicationOptions } from '@nestjs/common';

const createBillingApp = (options?: NestApplicationOptions) => createHostApp(BILLING, options);

/** The public origin the test app believes it has (its own `Origin`). */
export const BILLING_TEST_PUBLIC_URL = 'http://billing.test';

/** A running Billing. */
export interface BillingTestApp {
  app: NestExpressApplication;
  baseUrl: string;
  mcpUrl: string;
  identity: IdentityService;
  /** Mints a token (MCP unless `audience` says otherwise). */
  token(organization: string, role: BillingRole, options?: Partial<CreateTokenOptions>): Promise<string>;
  close(): Promise<void>;
}

/** Starts Billing on 127.0.0.1 with `BILLING_ALLOWED_ORIGINS` as given. */
export async function startBilling(env: Record<string, string> = {}): Promise<BillingTestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'billing-test-'));
  const vars = { PUBLIC_URL: BILLING_TEST_PUBLIC_URL, DATABASE_URL: `sqlite:${join(dir, 'billing.sqlite')}`, BILLING_DEMO: 'false', ...env };
  const saved = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  Object.assign(process.env, vars);
  let app: NestExpressApplication;
  try {
    // The configuration is read while the application is created.
    app = await createBillingApp({ logger: ['error', 'warn'] });
    await app.init();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const identity = app.get(IdentityService);
  return {
    app,
    baseUrl,
    mcpUrl: `${baseUrl}/mcp`,
    identity,
    token: async (organization, role, options = {}) => (await identity.createToken({ ...options, organization, role })).token,
    close: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** JSON bodies as the tests read them. */
export type Json = Record<string, any>;

/** A tool result, parsed. */
export interface ToolAnswer {
  isError: boolean;
  body: Json;
}

/**
 * `tools/call` as an era-2026 client that declared elicitation: a destructive
 * tool's `input_required` is accepted once (docs/protocol.md §7) so the call runs; a
 * tool that requires the person answers an approval link instead, which the
 * person approves (through the page's store) before the identical call is repeated.
 * The result's JSON text is parsed and checked against `structuredContent`.
 */
export async function callTool(billing: BillingTestApp, token: string, name: string, args: Json): Promise<ToolAnswer> {
  let response = await rpc2026(billing, token, 'tools/call', { name, arguments: args });
  if (response.body.result?.resultType === 'input_required') {
    const retry = { inputResponses: { confirm: { action: 'accept', content: { confirm: true } } }, requestState: response.body.result.requestState };
    response = await rpc2026(billing, token, 'tools/call', { name, arguments: args, ...retry });
  }
  if (response.body.result?.structuredContent?.status === 'approval_required') {
    // The link is a success the SDK clients check against the tool's outputSchema too.
    expectToolOutputMatches(billing.app, name, response.body.result);
    await approveAsPerson(billing, response.body.result.structuredContent.approval_id);
    response = await rpc2026(billing, token, 'tools/call', { name, arguments: args });
  }
  const { result, error } = response.body;
  if (!result) throw new Error(`${name}: ${JSON.stringify(error)}`);
  // The text is the route's JSON; a success repeats it as structuredContent, an error carries the text alone.
  const body = JSON.parse(result.content[0].text);
  expect(result.structuredContent).toEqual(result.isError === true ? undefined : body);
  expectToolOutputMatches(billing.app, name, result);
  return { isError: result.isError === true, body };
}

/** Chooses Continue on an approval as its subject would on the page, through the page's store. */
export async function approveAsPerson(billing: BillingTestApp, approvalId: string): Promise<void> {
  const store = billing.app.get(DatabaseConfirmationStore);
  const approval = await store.findApproval(approvalId);
  if (!approval || !(await store.decideApproval(approvalId, 'approved', approval.subject, new Date())))
    throw new Error(`approval ${approvalId} is not pending`);
}

/** One era-2025 JSON-RPC request. */
export async function rpc2025(
  billing: BillingTestApp,
  token: string,
  method: string,
  params?: Json,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: Json }> {
  const response = await fetch(billing.mcpUrl, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
}

/** One era-2026 JSON-RPC request, envelope and headers as a well-behaved client sends them. */
export async function rpc2026(
  billing: BillingTestApp,
  token: string,
  method: string,
  params: Json = {},
): Promise<{ status: number; headers: Headers; body: Json }> {
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} } };
  const headers: Record<string, string> = {
    Authorization: `Bearer ${token}`,
    'Content-Type': 'application/json',
    'MCP-Protocol-Version': '2026-07-28',
    'Mcp-Method': method,
    ...(method === 'tools/call' ? { 'Mcp-Name': String(params.name) } : {}),
  };
  const response = await fetch(billing.mcpUrl, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta } }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Json };
}

/** A REST call with an API token. */
export async function rest(
  billing: BillingTestApp,
  token: string,
  method: string,
  path: string,
  body?: Json,
  key?: string,
): Promise<{ status: number; body: Json }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body) headers['Content-Type'] = 'application/json';
  if (key) headers['Idempotency-Key'] = key;
  const response = await fetch(`${billing.baseUrl}/api/v1${path}`, { method, headers, body: body && JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Json };
}
