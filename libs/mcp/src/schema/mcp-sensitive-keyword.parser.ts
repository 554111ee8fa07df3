import type { McpJsonSchema } from '../interfaces/json-schema.interface';
import type { McpSensitivePlan } from '../interfaces/mcp-sensitive-plan.interface';
import { X_MCP_SENSITIVE } from '../mcp.constants';
import { mapSubschemas, McpSubschema } from './json-schema-keywords.util';
import { McpSchemaMessages } from './json-schema.messages';

/** A tool's JSON Schema without `x-mcp-sensitive`, and the plan its marks make. */
export interface McpSensitiveSchema {
  schema: McpJsonSchema;
  /** `undefined` when nothing is marked, so the arguments are stored as they came. */
  plan: McpSensitivePlan | undefined;
}

/** A plan while it is being built. */
interface Draft {
  remove: Set<string>;
  nested: Map<string, Draft>;
}

/** What one subschema says of the value it describes. */
interface Visited {
  schema: McpSubschema;
  /** The value itself is sensitive (marked, or every item of it, or a branch of it is). */
  marked: boolean;
  draft: Draft;
}

/** Positions whose subschema describes the same value as its parent (a branch) or each of its items. */
const SAME_VALUE = new Set(['allOf', 'anyOf', 'oneOf', 'items']);

/**
 * Reads `"x-mcp-sensitive": true` out of a tool's input schema (what a
 * Standard Schema's converted JSON Schema carries from Zod's `.meta()`, or
 * what a hand-written `inputSchema` says) into the plan `@McpSensitive()`
 * makes of a DTO: a marked property is left out of the audit trail and
 * shown as `(hidden)` on an approval page, at any depth of nested objects
 * and arrays of them. A mark on a branch of `anyOf`/`oneOf`/`allOf` (Zod's
 * `.nullable()`) or on an array's items counts for the property.
 *
 * The keyword is the module's, not JSON Schema's: it is removed from the
 * schema the tool lists, so strict validators (Ajv's `strict` mode refuses
 * unknown keywords) and clients see a standard schema.
 *
 * @param owner - What declares it (`MCP tool "x"`), for the messages.
 * @throws Error when the keyword is not a boolean, or sits where no argument can be left out
 *   (on the arguments as a whole, under `additionalProperties`, `patternProperties`, `not`, ...).
 */
export function readSensitiveKeyword(schema: McpJsonSchema, owner: string): McpSensitiveSchema {
  const root = visit(schema, '#', true, owner);
  if (root.marked) throw new Error(McpSchemaMessages.sensitiveUnreachable(owner, '#'));
  return { schema: root.schema as McpJsonSchema, plan: finished(root.draft) };
}

function visit(node: McpSubschema, where: string, reachable: boolean, owner: string): Visited {
  const draft: Draft = { remove: new Set(), nested: new Map() };
  if (typeof node === 'boolean') return { schema: node, marked: false, draft };
  const { [X_MCP_SENSITIVE]: mark, ...rest } = node;
  if (mark !== undefined && typeof mark !== 'boolean') throw new Error(McpSchemaMessages.sensitiveNotBoolean(owner, where, mark));
  if (mark === true && !reachable) throw new Error(McpSchemaMessages.sensitiveUnreachable(owner, where));
  let marked = mark === true;
  const stripped = mapSubschemas(rest, (child, { keyword, name }) => {
    const childWhere = `${where}/${keyword}${name === undefined ? '' : `/${name}`}`;
    if (keyword === 'properties' && name !== undefined) {
      const property = visit(child, childWhere, reachable, owner);
      if (property.marked) draft.remove.add(name);
      else merge(draft.nested, name, property.draft);
      return property.schema;
    }
    const same = visit(child, childWhere, reachable && SAME_VALUE.has(keyword), owner);
    if (SAME_VALUE.has(keyword)) {
      marked ||= same.marked;
      absorb(draft, same.draft);
    }
    return same.schema;
  });
  return { schema: stripped, marked, draft };
}

/** Adds `draft` as the plan of `key`, or into the plan `key` already has. */
function merge(into: Map<string, Draft>, key: string, draft: Draft): void {
  const prior = into.get(key);
  if (prior) absorb(prior, draft);
  else into.set(key, draft);
}

/** Adds what `from` removes and nests into `into`: two subschemas of the same value. */
function absorb(into: Draft, from: Draft): void {
  for (const removed of from.remove) into.remove.add(removed);
  for (const [key, nested] of from.nested) merge(into.nested, key, nested);
}

/** The plan, without the branches that mark nothing; `undefined` when none does. */
function finished(draft: Draft): McpSensitivePlan | undefined {
  const nested = new Map<string, McpSensitivePlan>();
  for (const [key, inner] of draft.nested) {
    if (draft.remove.has(key)) continue;
    const plan = finished(inner);
    if (plan) nested.set(key, plan);
  }
  return draft.remove.size > 0 || nested.size > 0 ? { remove: draft.remove, shown: new Map(), nested } : undefined;
}
