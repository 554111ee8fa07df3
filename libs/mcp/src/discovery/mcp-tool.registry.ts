import { Injectable } from '@nestjs/common';
import { McpToolDefinition, McpToolDescriptor } from '../interfaces/mcp-tool-definition.interface';
import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpMessages } from '../mcp.messages';

/** How many distinct (roles, scopes) combinations keep a prepared tool list. */
const VISIBLE_CACHE_LIMIT = 256;

/**
 * The tools of the application, registered once at start-up by the explorer.
 * The public API for hosts that want to inspect them.
 */
@Injectable()
export class McpToolRegistry {
  private readonly tools = new Map<string, McpToolDefinition>();
  private readonly visibleCache = new Map<string, readonly McpToolDescriptor[]>();

  /** Adds a tool; a second tool of the same name stops start-up. */
  register(tool: McpToolDefinition): void {
    const existing = this.tools.get(tool.name);
    if (existing) throw new Error(McpMessages.duplicateTool(tool.name, existing.owner, tool.owner));
    this.tools.set(tool.name, tool);
    this.visibleCache.clear();
  }

  has(name: string): boolean {
    return this.tools.has(name);
  }

  get(name: string): McpToolDefinition | undefined {
    return this.tools.get(name);
  }

  list(): McpToolDefinition[] {
    return [...this.tools.values()];
  }

  /** Every scope some tool needs (advertised in the Protected Resource Metadata). */
  scopes(): string[] {
    return [...new Set(this.list().flatMap((tool) => tool.scopes))].sort();
  }

  /**
   * The tools a caller may see: its role allows them and its token carries
   * their scopes. Prepared once per combination of roles and scopes.
   */
  visibleTo(caller: McpCaller): readonly McpToolDescriptor[] {
    const key = `${[...caller.roles].sort().join(',')}|${[...caller.scopes].sort().join(',')}`;
    let visible = this.visibleCache.get(key);
    if (!visible) {
      visible = Object.freeze(
        this.list()
          .filter((tool) => isRoleAllowed(tool, caller) && hasScopes(tool, caller))
          .map((tool) => tool.descriptor),
      );
      if (this.visibleCache.size >= VISIBLE_CACHE_LIMIT) this.visibleCache.clear();
      this.visibleCache.set(key, visible);
    }
    return visible;
  }
}

/** A tool without roles is open to every role. */
export function isRoleAllowed(tool: Pick<McpToolDefinition, 'roles'>, caller: McpCaller): boolean {
  return tool.roles.length === 0 || tool.roles.some((role) => caller.roles.includes(role));
}

/** The scopes a caller's token lacks for a tool. */
export function missingScopes(tool: Pick<McpToolDefinition, 'scopes'>, caller: McpCaller): string[] {
  return tool.scopes.filter((scope) => !caller.scopes.includes(scope));
}

function hasScopes(tool: McpToolDefinition, caller: McpCaller): boolean {
  return missingScopes(tool, caller).length === 0;
}
