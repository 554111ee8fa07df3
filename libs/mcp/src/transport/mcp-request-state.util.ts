import { McpHttpRequest, McpRequestState } from '../interfaces/mcp-request.interface';

const STATE = Symbol('kobana:mcp:request-state');

/**
 * The per-request state lives on the request under a private symbol, so no
 * host middleware can read or forge it by name.
 */
export function mcpState(request: McpHttpRequest): McpRequestState {
  let state = request[STATE] as McpRequestState | undefined;
  if (!state) {
    state = { id: null };
    request[STATE] = state;
  }
  return state;
}

/** Reads a header that must appear once; a repeated header is folded by Node into a list and is taken as malformed. */
export function singleHeader(request: McpHttpRequest, name: string): string | undefined | null {
  const value = request.headers[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return null;
  return value;
}
