import { deepStrictEqual, strictEqual } from 'node:assert/strict';
import type { Server } from 'node:http';
import type { McpTestClient } from './mcp-test.client';
import { sendToApp } from './mcp-test-http.client';
import type { McpTestJson } from './mcp-test.view';
import { McpTestingMessages } from './mcp-testing.messages';

/** The REST route that calls the same method as the tool. */
export interface McpParityRoute {
  method: string;
  /** Path under `restPrefix`, with or without a query string. */
  path: string;
  /** JSON body, when the route takes one. */
  body?: Record<string, unknown>;
  /** Query parameters appended to `path`; an array repeats its key. */
  query?: Record<string, string | number | boolean | Array<string | number | boolean>>;
}

/** One row of a parity table: a tool, its arguments, its route, and the status both must agree on. */
export interface McpParityCase {
  /** Test name in {@link describeParity}. @default `${tool}: ${status}` */
  name?: string;
  tool: string;
  args: Record<string, unknown>;
  route: McpParityRoute;
  /** The route's expected status; the tool answers `isError: true` exactly when it is 400 or more. */
  status: number;
  /**
   * Sent to the route as `Idempotency-Key` and to the tool as
   * `idempotency_key`: the route runs a write, the tool replays its stored
   * answer, so a tool that diverged from the route would differ.
   */
  idempotencyKey?: string;
}

/** How the REST side is reached. */
export interface McpParityOptions {
  /** The API credential of the same caller (e.g. `{ Authorization: 'Bearer …' }`): hosts mint it as they do for their REST tests. */
  headers: Record<string, string>;
  /** @default '/api/v1' */
  restPrefix?: string;
  /** Also check that the tool's first text block is the JSON of its `structuredContent`. @default true */
  textMirrorsStructured?: boolean;
}

/** What both sides answered, for further expectations on the body. */
export interface McpParityAnswer {
  status: number;
  body: McpTestJson;
}

/**
 * Calls the route, then the tool (confirming it if it asks, in the way it
 * asks) as the client's caller, and asserts the route answered `status` and
 * the tool the same JSON with `isError` exactly when `status` ≥ 400.
 * Answers the route's status and body.
 */
export async function expectToolMatchesRoute(mcp: McpTestClient, parity: McpParityCase, options: McpParityOptions): Promise<McpParityAnswer> {
  const { route, idempotencyKey } = parity;
  const headers: Record<string, string> = { ...options.headers };
  if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
  const path = `${options.restPrefix ?? '/api/v1'}${withQuery(route.path, route.query)}`;
  const viaRest = await sendToApp(mcp.app.getHttpServer() as Server, { method: route.method, path, headers, body: route.body });
  if (viaRest.body === undefined && viaRest.text !== '') throw new Error(McpTestingMessages.restNotJson(route.method, path, viaRest.status));

  const args = idempotencyKey !== undefined ? { ...parity.args, idempotency_key: idempotencyKey } : parity.args;
  const viaTool = await mcp.callToolConfirmed(parity.tool, args);
  if (options.textMirrorsStructured !== false && viaTool.structuredContent !== undefined) {
    deepStrictEqual(
      JSON.parse(viaTool.content[0]?.type === 'text' ? viaTool.content[0].text : 'null'),
      viaTool.structuredContent,
      `${parity.tool}: text ≠ structuredContent`,
    );
  }
  strictEqual(viaRest.status, parity.status, `${route.method} ${path} answered ${viaRest.status}: ${viaRest.text.slice(0, 500)}`);
  deepStrictEqual(
    { isError: viaTool.isError, body: viaTool.isError ? viaTool.error : viaTool.structuredContent },
    { isError: parity.status >= 400, body: viaRest.body },
    `${parity.tool} differs from ${route.method} ${path}`,
  );
  return { status: viaRest.status, body: viaRest.body };
}

interface TestGlobals {
  describe(name: string, body: () => void): void;
  it(name: string, body: () => Promise<void>): void;
}

/**
 * One test per row, each asserting {@link expectToolMatchesRoute}: a host's
 * parity suite as a table. `context` is read when each test runs, so it may
 * come from a `beforeAll`. Needs the `describe`/`it` globals of jest (or a
 * runner with the same ones).
 */
export function describeParity(title: string, cases: McpParityCase[], context: () => { client: McpTestClient; options: McpParityOptions }): void {
  const { describe, it } = globalThis as unknown as TestGlobals;
  describe(title, () => {
    for (const parity of cases) {
      it(parity.name ?? `${parity.tool}: ${parity.status}`, async () => {
        const { client, options } = context();
        await expectToolMatchesRoute(client, parity, options);
      });
    }
  });
}

function withQuery(path: string, query: McpParityRoute['query']): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${text}`;
}
