import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpGuarded } from '../interfaces/mcp-definition.interface';

/** A definition without roles is open to every role. */
export function isRoleAllowed(definition: Pick<McpGuarded, 'roles'>, caller: McpCaller): boolean {
  return definition.roles.length === 0 || definition.roles.some((role) => caller.roles.includes(role));
}

/** The scopes a caller's token lacks for a definition. */
export function missingScopes(definition: Pick<McpGuarded, 'scopes'>, caller: McpCaller): string[] {
  return definition.scopes.filter((scope) => !caller.scopes.includes(scope));
}

/** Lists show only what the caller could use right now: its role allows it and its token carries the scopes. */
export function isVisibleTo(definition: McpGuarded, caller: McpCaller): boolean {
  return isRoleAllowed(definition, caller) && missingScopes(definition, caller).length === 0;
}
