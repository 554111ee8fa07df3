import { McpCaller } from './mcp-caller.interface';

/**
 * Verifies an MCP bearer token. A host provides one (see
 * `McpModuleOptions.verifier`); the module never issues tokens itself.
 *
 * Implementations MUST check that the token was issued for this MCP resource
 * (audience / RFC 8707 resource indicator) and MUST compare secrets in
 * constant time.
 */
export interface McpTokenVerifier {
  /** Resolves the caller, or `null` when the token is unknown, expired, revoked or meant for another audience. */
  verify(token: string): Promise<McpCaller | null>;
}

/** Injection token of the {@link McpTokenVerifier} (same name, as Nest's own modules do). */
export const McpTokenVerifier = Symbol('McpTokenVerifier');
