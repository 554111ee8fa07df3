import { McpMethodContext } from '../../interfaces/mcp-method-context.interface';
import { McpMethodHandler } from '../mcp-method.handler';
import { McpListedRegistry } from '../../discovery/mcp-listed.registry';
import { McpListedDefinition } from '../../interfaces/mcp-definition.interface';
import { rejectCursor } from '../../params/mcp-params.parser';

/**
 * The base of the four list methods (`tools/list`, `resources/list`,
 * `resources/templates/list`, `prompts/list`): what a caller may see of one
 * registry, filtered by role and scope, never paged. Each list depends only on
 * the caller's roles and scopes, so the dispatcher serializes it once per era
 * and key (see `resultKey`).
 */
export abstract class McpListHandler implements McpMethodHandler {
  abstract readonly method: string;
  readonly eras = ['2025', '2026'] as const;
  readonly cacheable = true;
  /** The member of the result that holds the list. */
  protected abstract readonly field: string;

  constructor(private readonly registry: McpListedRegistry<object, McpListedDefinition<object>>) {}

  /** Refuses a cursor (the server never issues one), then names the caller's list. */
  resultKey({ params, era, caller }: McpMethodContext): string {
    rejectCursor(params, era);
    return this.registry.visibilityKey(caller);
  }

  /** The list itself; the dispatcher calls it once per key, after `resultKey` checked the params. */
  handle({ caller }: McpMethodContext) {
    return { [this.field]: this.registry.visibleTo(caller) };
  }
}
