import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpGuarded } from '../interfaces/mcp-definition.interface';
import { isRoleAllowed, missingScopes } from '../discovery/mcp-access.policy';
import { insufficientScope } from '../errors/mcp-auth.error';

/** What a definition is called in the `insufficient_scope` description. */
export type McpAccessKind = 'tool' | 'resource' | 'prompt';

/**
 * Role first, then scopes: a role that may not use the definition gets
 * `hidden()`, the very error of one that does not exist, so nothing leaks;
 * a token that lacks a scope the person could have gets 403, to step up.
 */
export function assertAccess(definition: McpGuarded, caller: McpCaller, kind: McpAccessKind, hidden: () => Error): void {
  if (!isRoleAllowed(definition, caller)) throw hidden();
  const missing = missingScopes(definition, caller);
  if (missing.length > 0) throw insufficientScope(kind, definition.scopes, missing);
}
