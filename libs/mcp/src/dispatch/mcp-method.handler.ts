import { McpEra } from '../interfaces/mcp-request.interface';
import { McpMethodContext } from '../interfaces/mcp-method-context.interface';
import type { McpCapability } from '../discovery/mcp-server-description.service';

/** One JSON-RPC method of the endpoint. */
export interface McpMethodHandler {
  /** The JSON-RPC method name. */
  readonly method: string;
  /** The eras in which the method exists; elsewhere it is -32601. */
  readonly eras: readonly McpEra[];
  /** Era 2026: the result carries `ttlMs: 0` and `cacheScope: "private"`. */
  readonly cacheable: boolean;
  /** The capability that announces the method; while it is not announced, the method does not exist. */
  readonly capability?: McpCapability;
  /**
   * For a method whose result depends only on a key (a list filtered by roles
   * and scopes): the key, after checking the params. The dispatcher then
   * serializes one result per era and key and writes those bytes from then on,
   * calling `handle` only the first time.
   */
  resultKey?(context: McpMethodContext): string;
  handle(context: McpMethodContext): Promise<Record<string, unknown>> | Record<string, unknown>;
}

/** Injection token of the list of method handlers (multi-provider style). */
export const McpMethodHandlers = Symbol('McpMethodHandlers');
