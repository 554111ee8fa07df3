import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpTokenVerifier } from '../interfaces/mcp-token-verifier.interface';
import { McpConfirmationStore } from '../interfaces/mcp-confirmation-store.interface';
import type { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import type { McpHeaderBinding } from '../interfaces/json-schema.interface';
import { McpToolRegistry } from '../discovery/mcp-tool.registry';
import { headerBindingValue } from '../protocol/mcp-header-binding.util';
import { McpTestError } from './mcp-test.error';
import { McpTestHttpResponse, sendToApp } from './mcp-test-http.client';
import { McpTestJson, McpTestObject, McpToolOutcome, toToolOutcome } from './mcp-test.view';
import { McpTestCaller, McpTestingVerifier } from './mcp-testing-verifier.provider';
import { McpTestingMessages } from './mcp-testing.messages';
import { MCP_TEST_OUTPUT_CHECK } from './mcp-test-output.util';

/** The protocol era a client speaks: `2026` (envelope `_meta` and mirrored headers, the default) or `2025` (`MCP-Protocol-Version: 2025-06-18`). */
export type McpTestEra = '2026' | '2025';

/** A compiled `TestingModule`, as far as the kit needs it. */
export interface McpTestModuleRef {
  createNestApplication(options?: { logger?: false }): INestApplication;
}

/** Who calls and how. Give `caller` (needs {@link overrideMcpVerifier}) or `token` (a real token the host's verifier accepts). */
export interface McpTestClientOptions {
  caller?: McpTestCaller;
  token?: string;
  /** @default '2026' */
  era?: McpTestEra;
  /** Era 2026: declare the `elicitation` capability, so destructive calls ask in the chat. @default true */
  elicitation?: boolean;
  /** `clientInfo` of era 2026. @default { name: caller.client_name ?? 'mcp-test-client', version: '1.0.0' } */
  clientInfo?: { name: string; version: string };
  /** Headers added to every request (e.g. `Origin`). */
  headers?: Record<string, string>;
  /**
   * Check every successful `structuredContent` against the tool's `outputSchema`,
   * as the official SDK clients do, and throw when it does not match.
   * `false` only for a test about a server that answers what it should not.
   * @default true
   */
  checkOutput?: boolean;
}

/** An elicitation answer: `accept` confirms (`confirm: true`), the others cancel. */
export type McpElicitationAnswer = 'accept' | 'decline' | 'cancel';

const VERSION_2026 = '2026-07-28';
const VERSION_2025 = '2025-06-18';
const VISIBLE_ASCII = /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/;

/**
 * Calls a Nest app's MCP endpoint as a given caller, through the module's
 * real pipeline (guards, validation, access, limits, confirmation, result
 * shaping) over the app's own HTTP server on 127.0.0.1, without JSON-RPC by
 * hand. Protocol errors are thrown as {@link McpTestError}; a tool's failure
 * is a returned outcome with `isError: true`.
 *
 * @example
 * ```ts
 * const mcp = await McpTestClient.create(app, { caller: { organization_id: 'org-1', roles: ['admin'] } });
 * const outcome = await mcp.callTool('tasks_get', { id: 't1' });
 * ```
 */
export class McpTestClient {
  private constructor(
    /** The app under test. */
    readonly app: INestApplication,
    private readonly token: string,
    private readonly options: McpTestClientOptions,
    private readonly ownsApp: boolean,
  ) {}

  /**
   * A client of `target`: an `INestApplication` (initialized or listening, on
   * Express or on Fastify) or a compiled `TestingModule`, of which the client
   * creates and initializes the app on Express (closed by {@link close}).
   */
  static async create(target: INestApplication | McpTestModuleRef, options: McpTestClientOptions): Promise<McpTestClient> {
    let app: INestApplication;
    let ownsApp = false;
    if (typeof (target as INestApplication).getHttpServer === 'function') {
      app = target as INestApplication;
    } else if (typeof (target as McpTestModuleRef).createNestApplication === 'function') {
      app = (target as McpTestModuleRef).createNestApplication({ logger: false });
      await app.init();
      ownsApp = true;
    } else {
      throw new Error(McpTestingMessages.notAnApp);
    }
    // Fastify builds its routes on `ready()`, which its own `listen()` calls; the kit may start the server itself.
    if (app.getHttpAdapter().getType() === 'fastify') await (app.getHttpAdapter().getInstance() as { ready(): Promise<unknown> }).ready();
    return new McpTestClient(app, McpTestClient.tokenOf(app, options), options, ownsApp);
  }

  private static tokenOf(app: INestApplication, options: McpTestClientOptions): string {
    if (options.token !== undefined) return options.token;
    if (!options.caller) throw new Error(McpTestingMessages.noCaller);
    const verifier = app.get<McpTokenVerifier>(McpTokenVerifier, { strict: false });
    if (!(verifier instanceof McpTestingVerifier)) throw new Error(McpTestingMessages.noTestingVerifier);
    return verifier.tokenFor(options.caller);
  }

  /** The same app, as another caller (same era and client). */
  as(caller: McpTestCaller): McpTestClient {
    const options = { ...this.options, caller, token: undefined };
    return new McpTestClient(this.app, McpTestClient.tokenOf(this.app, options), options, false);
  }

  /** The same app and caller, in another era, or with other options. */
  with(options: Partial<McpTestClientOptions>): McpTestClient {
    const merged = { ...this.options, ...options };
    const token = options.caller || options.token !== undefined ? McpTestClient.tokenOf(this.app, merged) : this.token;
    return new McpTestClient(this.app, token, merged, false);
  }

  /** The era this client speaks. */
  get era(): McpTestEra {
    return this.options.era ?? '2026';
  }

  /** Closes the app when the client created it from a `TestingModule`; otherwise the test closes its app. */
  async close(): Promise<void> {
    if (this.ownsApp) await this.app.close();
  }

  /** One JSON-RPC request as a well-behaved client of the era sends it; the raw answer, whatever it is. */
  async send(method: string, params?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<McpTestHttpResponse> {
    const options = this.app.get<McpResolvedOptions>(MCP_RESOLVED_OPTIONS, { strict: false });
    const base: Record<string, string> = { Authorization: `Bearer ${this.token}`, Accept: 'application/json, text/event-stream', ...this.options.headers };
    let body: Record<string, unknown>;
    if (this.era === '2026') {
      Object.assign(base, { 'MCP-Protocol-Version': VERSION_2026, 'Mcp-Method': method }, this.mirroredHeaders(method, params ?? {}));
      body = { jsonrpc: '2.0', id: 1, method, params: { ...(params ?? {}), _meta: this.envelope() } };
    } else {
      base['MCP-Protocol-Version'] = VERSION_2025;
      body = { jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) };
    }
    return sendToApp(this.app.getHttpServer() as Server, { method: 'POST', path: options.path, headers: { ...base, ...headers }, body });
  }

  /** The `result` of a request, or a thrown {@link McpTestError} with the JSON-RPC error (or the HTTP refusal). */
  async request<R = McpTestObject>(method: string, params?: Record<string, unknown>): Promise<R> {
    return (await this.resultOf(method, params)).result as R;
  }

  /** Every tool the caller sees (all pages), as `tools/list` describes them. */
  listTools(): Promise<Array<McpTestObject>> {
    return this.listAll('tools/list', 'tools');
  }

  /** Every resource the caller sees (all pages). */
  listResources(): Promise<Array<McpTestObject>> {
    return this.listAll('resources/list', 'resources');
  }

  /** Every resource template the caller sees (all pages). */
  listResourceTemplates(): Promise<Array<McpTestObject>> {
    return this.listAll('resources/templates/list', 'resourceTemplates');
  }

  /** Every prompt the caller sees (all pages). */
  listPrompts(): Promise<Array<McpTestObject>> {
    return this.listAll('prompts/list', 'prompts');
  }

  /** Calls a tool once. A destructive tool may answer `input_required` or an approval link: see {@link confirmWithElicitation}, {@link approve}, {@link callToolConfirmed}. */
  async callTool<S = McpTestJson>(
    name: string,
    args: Record<string, unknown> = {},
    retry?: { inputResponses: unknown; requestState: string },
  ): Promise<McpToolOutcome<S>> {
    const response = await this.resultOf('tools/call', { name, arguments: args, ...(retry ?? {}) });
    const outcome = toToolOutcome({ name, arguments: args }, response.result, response.status, response.headers);
    if (this.options.checkOutput !== false)
      MCP_TEST_OUTPUT_CHECK.check(outcome, this.app.get(McpToolRegistry, { strict: false }).get(name)?.descriptor.outputSchema);
    return outcome;
  }

  /** Answers a pending `input_required` with the person's choice, carrying its `requestState`: the tool runs on `accept`. */
  async confirmWithElicitation<S = McpTestJson>(pending: McpToolOutcome, answer: McpElicitationAnswer = 'accept'): Promise<McpToolOutcome<S>> {
    if (pending.resultType !== 'input_required' || !pending.requestState) throw new Error(McpTestingMessages.notInputRequired(pending.call.name));
    const response = answer === 'accept' ? { action: 'accept', content: { confirm: true } } : { action: answer };
    const keys = Object.keys(pending.inputRequests ?? { confirm: null });
    const inputResponses = Object.fromEntries(keys.map((key) => [key, response]));
    return this.callTool(pending.call.name, pending.call.arguments, { inputResponses, requestState: pending.requestState });
  }

  /**
   * Approves a pending approval link in the app's `McpConfirmationStore` (the
   * store the host's approval page decides in), as the person `decidedBy`
   * (default: the subject the app's verifier gives this client's token), then
   * repeats the identical call.
   */
  async approve<S = McpTestJson>(pending: McpToolOutcome, decidedBy?: string): Promise<McpToolOutcome<S>> {
    await this.decide(pending, 'approved', decidedBy);
    return this.callTool(pending.call.name, pending.call.arguments);
  }

  /** Cancels a pending approval link as the person would on the page, then repeats the call (which answers the cancellation). */
  async cancelApproval<S = McpTestJson>(pending: McpToolOutcome, decidedBy?: string): Promise<McpToolOutcome<S>> {
    await this.decide(pending, 'cancelled', decidedBy);
    return this.callTool(pending.call.name, pending.call.arguments);
  }

  /** Calls a tool and, when it asks for a confirmation, gives it the way it asked (accepting in the chat, or approving the link). */
  async callToolConfirmed<S = McpTestJson>(name: string, args: Record<string, unknown> = {}): Promise<McpToolOutcome<S>> {
    const first = await this.callTool<S>(name, args);
    if (first.resultType === 'input_required') return this.confirmWithElicitation<S>(first);
    if (first.approval) return this.approve<S>(first);
    return first;
  }

  /** `resources/read`: the `contents` of the resource at `uri`. */
  async readResource(uri: string): Promise<Array<McpTestObject>> {
    return (await this.request<{ contents: Array<McpTestObject> }>('resources/read', { uri })).contents;
  }

  /** `prompts/get`: the prompt's `description` and `messages`. */
  async getPrompt(name: string, args: Record<string, string> = {}): Promise<{ description?: string; messages: Array<McpTestObject> }> {
    return this.request('prompts/get', { name, arguments: args });
  }

  /** `completion/complete`: the completion values. */
  async complete(ref: Record<string, unknown>, argument: { name: string; value: string }): Promise<{ values: string[]; total?: number; hasMore?: boolean }> {
    return (await this.request<{ completion: { values: string[]; total?: number; hasMore?: boolean } }>('completion/complete', { ref, argument })).completion;
  }

  private async decide(pending: McpToolOutcome, decision: 'approved' | 'cancelled', decidedBy?: string): Promise<void> {
    if (!pending.approval) throw new Error(McpTestingMessages.notApprovalRequired(pending.call.name));
    const store = this.app.get<McpConfirmationStore>(McpConfirmationStore, { strict: false });
    const by = decidedBy ?? (await this.app.get<McpTokenVerifier>(McpTokenVerifier, { strict: false }).verify(this.token))?.subject ?? 'test-user';
    const decided = await store.decideApproval(pending.approval.id, decision, by, new Date());
    if (!decided) throw new Error(McpTestingMessages.notPending(pending.approval.id));
  }

  private async listAll(method: string, key: string): Promise<Array<McpTestObject>> {
    const items: Array<McpTestObject> = [];
    let cursor: string | undefined;
    do {
      const page = await this.request<McpTestObject>(method, cursor ? { cursor } : undefined);
      items.push(...(page[key] ?? []));
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  }

  private async resultOf(method: string, params?: Record<string, unknown>): Promise<McpTestHttpResponse & { result: McpTestObject }> {
    const response = await this.send(method, params);
    const body = response.body as { result?: McpTestObject; error?: { code?: number; message?: string; data?: unknown } } | undefined;
    if (body?.result && response.status === 200) return { ...response, result: body.result };
    const error = body?.error;
    throw new McpTestError(
      error?.message ?? McpTestingMessages.noResult(method, response.status, response.text),
      response.status,
      error?.code,
      error?.data,
      body,
      response.headers,
    );
  }

  private envelope(): Record<string, unknown> {
    const clientInfo = this.options.clientInfo ?? { name: this.options.caller?.client_name ?? 'mcp-test-client', version: '1.0.0' };
    return {
      'io.modelcontextprotocol/protocolVersion': VERSION_2026,
      'io.modelcontextprotocol/clientCapabilities': this.options.elicitation === false ? {} : { elicitation: {} },
      'io.modelcontextprotocol/clientInfo': clientInfo,
    };
  }

  /** `Mcp-Name` and a tool's `Mcp-Param-*` headers, mirrored from the body as era 2026 requires. */
  private mirroredHeaders(method: string, params: Record<string, unknown>): Record<string, string> {
    const headers: Record<string, string> = {};
    const name = method === 'resources/read' ? params.uri : method === 'tools/call' || method === 'prompts/get' ? params.name : undefined;
    if (typeof name === 'string') headers['Mcp-Name'] = mirror(name);
    if (method === 'tools/call' && typeof params.name === 'string') {
      const tool = this.app.get(McpToolRegistry, { strict: false }).get(params.name);
      for (const binding of (tool?.headers ?? []) as McpHeaderBinding[]) {
        const value = headerBindingValue(params.arguments, binding.path);
        if (value !== undefined && value !== null) headers[binding.header] = mirror(String(value));
      }
    }
    return headers;
  }
}

/** A header value: raw when it is plain visible ASCII, else `=?base64?…?=` of its UTF-8. */
function mirror(value: string): string {
  return VISIBLE_ASCII.test(value) ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}
