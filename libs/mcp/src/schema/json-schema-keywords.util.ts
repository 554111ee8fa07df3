import { McpJsonSchema } from '../interfaces/json-schema.interface';

/** Keywords whose value maps names to subschemas (`definitions` is the pre-2019 spelling of `$defs`). */
export const SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** Keywords whose value is a list of subschemas. */
export const SCHEMA_LIST_KEYWORDS: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);

/** Keywords whose value is a single subschema. */
export const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
]);

/** A subschema is an object or, in 2020-12, `true`/`false`. */
export type McpSubschema = McpJsonSchema | boolean;

/**
 * Where a subschema sits in its parent: the keyword, plus the property name
 * or list index for map and list keywords.
 */
export interface SubschemaPosition {
  keyword: string;
  name?: string;
}

/**
 * A copy of `schema` in which every direct subschema is replaced by what
 * `replace` returns. Only schema positions are visited, never data such as
 * `enum` or `default`, which may hold objects that merely look like schemas.
 */
export function mapSubschemas(schema: McpJsonSchema, replace: (subschema: McpSubschema, position: SubschemaPosition) => McpSubschema): McpJsonSchema {
  const out: McpJsonSchema = { ...schema };
  for (const [keyword, value] of Object.entries(schema)) {
    if (SCHEMA_KEYWORDS.has(keyword)) {
      out[keyword] = replace(value as McpSubschema, { keyword });
    } else if (SCHEMA_LIST_KEYWORDS.has(keyword)) {
      out[keyword] = (value as McpSubschema[]).map((item, i) => replace(item, { keyword, name: String(i) }));
    } else if (SCHEMA_MAP_KEYWORDS.has(keyword)) {
      const entries = Object.entries(value as Record<string, McpSubschema>);
      out[keyword] = Object.fromEntries(entries.map(([name, item]) => [name, replace(item, { keyword, name })]));
    }
  }
  return out;
}

/** Calls `visit` on every direct subschema of `schema` (same positions as {@link mapSubschemas}). */
export function forEachSubschema(schema: McpJsonSchema, visit: (subschema: McpSubschema, position: SubschemaPosition) => void): void {
  mapSubschemas(schema, (subschema, position) => {
    visit(subschema, position);
    return subschema;
  });
}
