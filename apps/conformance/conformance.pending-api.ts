import * as mcp from '@kobana/mcp';
import type { McpCallContext } from '@kobana/mcp';

/**
 * The parts of the `@kobana/mcp` API the conformance fixtures need and the
 * module does not export yet (`McpContent`, `McpInputRequired`: module
 * changes 1 and 2 of `apps/conformance/README.md`), resolved at run time from
 * the module's public index. Each is used as soon as `libs/mcp/src/index.ts`
 * exports it under this name; until then a stand-in with the proposed shape
 * keeps the fixture host running (the module stringifies it like any return
 * value, the scenarios that need it fail, and the baseline says why).
 *
 * Resolving by name keeps `npm run typecheck` green whatever stage the module
 * is at. Once both are exported, import them from `@kobana/mcp` and delete
 * this file.
 */
const exported = mcp as unknown as Record<string, unknown>;

/** Names this host looked for in `@kobana/mcp` and did not find (printed at start-up). */
export const PENDING_MCP_EXPORTS: string[] = [];

function resolve<T>(name: string, standIn: T): T {
  const value = exported[name];
  if (value !== undefined) return value as T;
  PENDING_MCP_EXPORTS.push(name);
  return standIn;
}

/** An MCP content block (`ContentBlock` of the 2025-06-18 and 2026-07-28 schemas). */
export type McpContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource'; resource: { uri: string; mimeType?: string; text?: string; blob?: string } }
  | { type: 'resource_link'; uri: string; name: string; mimeType?: string; description?: string };

/** A tool result given as content blocks, passed through as `content` instead of being JSON-stringified. */
export interface McpContentResult {
  readonly content: McpContentBlock[];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
}

export interface McpContentStatic {
  new (content: McpContentBlock[], options?: { structuredContent?: Record<string, unknown>; isError?: boolean }): McpContentResult;
  text(text: string): McpContentResult;
  error(text: string): McpContentResult;
  image(data: string, mimeType: string): McpContentResult;
  audio(data: string, mimeType: string): McpContentResult;
  of(...content: McpContentBlock[]): McpContentResult;
}

/** Stand-in with the proposed shape; the module today stringifies it like any other return value. */
class StandInMcpContent implements McpContentResult {
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
  constructor(
    readonly content: McpContentBlock[],
    options: { structuredContent?: Record<string, unknown>; isError?: boolean } = {},
  ) {
    if (options.structuredContent) this.structuredContent = options.structuredContent;
    if (options.isError) this.isError = true;
  }
  static text(text: string) {
    return new StandInMcpContent([{ type: 'text', text }]);
  }
  static error(text: string) {
    return new StandInMcpContent([{ type: 'text', text }], { isError: true });
  }
  static image(data: string, mimeType: string) {
    return new StandInMcpContent([{ type: 'image', data, mimeType }]);
  }
  static audio(data: string, mimeType: string) {
    return new StandInMcpContent([{ type: 'audio', data, mimeType }]);
  }
  static of(...content: McpContentBlock[]) {
    return new StandInMcpContent(content);
  }
}

export const McpContent = resolve<McpContentStatic>('McpContent', StandInMcpContent);

/** One request a server asks the client to fulfil before it retries (SEP-2322 `InputRequest`). */
export type McpInputRequest =
  | { method: 'elicitation/create'; params: { mode?: 'form'; message: string; requestedSchema: Record<string, unknown> } }
  | { method: 'sampling/createMessage'; params: { messages: unknown[]; maxTokens: number; [key: string]: unknown } }
  | { method: 'roots/list'; params: Record<string, never> };

/** An `InputRequiredResult` a tool or prompt returns (era 2026): the module answers it as is. */
export interface McpInputRequiredResult {
  readonly resultType: 'input_required';
  readonly inputRequests: Record<string, McpInputRequest>;
  readonly requestState?: string;
}

class StandInMcpInputRequired implements McpInputRequiredResult {
  readonly resultType = 'input_required' as const;
  constructor(
    readonly inputRequests: Record<string, McpInputRequest>,
    readonly requestState?: string,
  ) {}
}

export const McpInputRequired = resolve<new (inputRequests: Record<string, McpInputRequest>, requestState?: string) => McpInputRequiredResult>(
  'McpInputRequired',
  StandInMcpInputRequired,
);

/**
 * The call context with the proposed multi-round fields: what the client
 * answered (`params.inputResponses`) and the state it echoed
 * (`params.requestState`). Undefined until the module passes them.
 */
export interface McpRoundContext extends McpCallContext {
  inputResponses?: Record<string, Record<string, unknown>>;
  requestState?: string;
}
