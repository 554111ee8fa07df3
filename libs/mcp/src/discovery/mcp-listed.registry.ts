import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpListedDefinition } from '../interfaces/mcp-definition.interface';
import { isVisibleTo } from './mcp-access.rules';

/** How many distinct (roles, scopes) combinations keep a prepared list. */
const VISIBLE_CACHE_LIMIT = 256;

/**
 * The base of every registry whose definitions callers list (tools,
 * resources, templates, prompts): filled once at start-up by the explorer,
 * a duplicate key stops start-up, and the list a caller may see is prepared
 * once per combination of roles and scopes.
 */
export abstract class McpListedRegistry<TDescriptor, TDefinition extends McpListedDefinition<TDescriptor>> {
  private readonly definitions = new Map<string, TDefinition>();
  private readonly visibleCache = new Map<string, readonly TDescriptor[]>();
  /** Counts registrations, so a key issued before one never names the list after it. */
  private generation = 0;

  /** The unique key of a definition (name or URI). */
  protected abstract keyOf(definition: TDefinition): string;
  /** The start-up error for a second definition under the same key. */
  protected abstract duplicateMessage(key: string, first: TDefinition, second: TDefinition): string;

  /** Adds a definition; a second one under the same key stops start-up. */
  register(definition: TDefinition): void {
    const key = this.keyOf(definition);
    const existing = this.definitions.get(key);
    if (existing) throw new Error(this.duplicateMessage(key, existing, definition));
    this.definitions.set(key, definition);
    this.generation++;
    this.visibleCache.clear();
  }

  has(key: string): boolean {
    return this.definitions.has(key);
  }

  get(key: string): TDefinition | undefined {
    return this.definitions.get(key);
  }

  /** Every definition, in registration order. */
  list(): TDefinition[] {
    return [...this.definitions.values()];
  }

  /** Every scope some definition needs. */
  scopes(): string[] {
    return [...new Set(this.list().flatMap((definition) => definition.scopes))].sort();
  }

  /**
   * What decides which descriptors a caller sees: callers with the same key
   * see the same list. It changes when a definition is registered, so a
   * result prepared under an older key (the dispatcher keeps serialized
   * lists by it) is never answered for the new list.
   */
  visibilityKey(caller: McpCaller): string {
    return `${this.generation}|${[...caller.roles].sort().join(',')}|${[...caller.scopes].sort().join(',')}`;
  }

  /** The descriptors a caller may see: its role allows them and its token carries their scopes. */
  visibleTo(caller: McpCaller): readonly TDescriptor[] {
    const key = this.visibilityKey(caller);
    let visible = this.visibleCache.get(key);
    if (!visible) {
      visible = Object.freeze(
        this.list()
          .filter((definition) => isVisibleTo(definition, caller))
          .map((definition) => definition.descriptor),
      );
      if (this.visibleCache.size >= VISIBLE_CACHE_LIMIT) this.visibleCache.clear();
      this.visibleCache.set(key, visible);
    }
    return visible;
  }
}
