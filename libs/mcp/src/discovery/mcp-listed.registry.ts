import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpListedDefinition } from '../interfaces/mcp-definition.interface';
import { isVisibleTo } from './mcp-access.policy';

/** How many distinct (roles, scopes) combinations keep a prepared list. */
const VISIBLE_CACHE_LIMIT = 256;

/** What callers with one permission set see, and its key. */
interface McpVisibleSet<TDescriptor> {
  key: string;
  descriptors: readonly TDescriptor[];
}

/**
 * The base of every registry whose definitions callers list (tools,
 * resources, templates, prompts): filled once at start-up by the explorer,
 * a duplicate key stops start-up, and the list a caller may see is prepared
 * once per combination of roles and scopes.
 */
export abstract class McpListedRegistry<TDescriptor, TDefinition extends McpListedDefinition<TDescriptor>> {
  private readonly definitions = new Map<string, TDefinition>();
  /** By combination of roles and scopes. */
  private readonly visibleCache = new Map<string, McpVisibleSet<TDescriptor>>();
  /** By permission set (see {@link visibilityKey}). */
  private readonly bySet = new Map<string, McpVisibleSet<TDescriptor>>();
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
    this.bySet.clear();
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
   * What decides which descriptors a caller sees: the set of definitions its
   * roles and scopes allow (their positions, with the generation), so callers
   * whose tokens differ in what no definition asks for share one key, and the
   * dispatcher one serialized answer per permission set. The set is worked out
   * once per combination of roles and scopes. The key changes when a
   * definition is registered, so a result prepared under an older key is
   * never answered for the new list.
   */
  visibilityKey(caller: McpCaller): string {
    return this.visible(caller).key;
  }

  /** The descriptors a caller may see: its role allows them and its token carries their scopes. */
  visibleTo(caller: McpCaller): readonly TDescriptor[] {
    return this.visible(caller).descriptors;
  }

  private visible(caller: McpCaller): McpVisibleSet<TDescriptor> {
    const callerKey = `${[...caller.roles].sort().join(',')}|${[...caller.scopes].sort().join(',')}`;
    let visible = this.visibleCache.get(callerKey);
    if (!visible) {
      const definitions = this.list();
      const positions = definitions.flatMap((definition, position) => (isVisibleTo(definition, caller) ? [position] : []));
      const key = `${this.generation}|${positions.join(',')}`;
      // Another combination with the same permission set shares its descriptors (and so its prepared answer).
      visible = this.bySet.get(key) ?? { key, descriptors: Object.freeze(positions.map((position) => definitions[position].descriptor)) };
      if (this.visibleCache.size >= VISIBLE_CACHE_LIMIT) {
        this.visibleCache.clear();
        this.bySet.clear();
      }
      this.visibleCache.set(callerKey, visible);
      this.bySet.set(key, visible);
    }
    return visible;
  }
}
