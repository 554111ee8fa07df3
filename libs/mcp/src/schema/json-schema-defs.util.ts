import { McpJsonSchema } from '../interfaces/json-schema.interface';
import { forEachSubschema, mapSubschemas, McpSubschema } from './json-schema-keywords.util';
import { reaches } from './ref-graph.util';

const DEFS_PREFIX = '#/$defs/';

/**
 * Shapes a schema a library generated the way a DTO's is
 * (`inlineDtoSchemas`): no `$schema` (MCP states 2020-12 as the default
 * dialect, and DTO schemas carry none), every `#/$defs/<Name>` that is not
 * recursive copied in place of its `$ref` (many clients and model providers
 * do not follow `$ref`), and `$defs` kept only for the definitions that reach
 * themselves, which no copy can replace. Any other `$ref` (`#` for a
 * recursive root) is left as the library wrote it.
 */
export function inlineLocalDefs(generated: McpJsonSchema): McpJsonSchema {
  const { $schema: _dialect, $defs, ...root } = generated;
  const defs = ($defs ?? {}) as Record<string, McpSubschema>;
  const edges = new Map(Object.entries(defs).map(([name, schema]) => [name, refsOf(schema)]));
  const recursive = [...edges.keys()].filter((name) => reaches(name, name, edges));

  const expand = (subschema: McpSubschema): McpSubschema => {
    if (typeof subschema === 'boolean') return subschema;
    const { $ref, ...siblings } = subschema;
    const own = mapSubschemas(siblings, expand);
    const name = typeof $ref === 'string' && $ref.startsWith(DEFS_PREFIX) ? decodePointer($ref.slice(DEFS_PREFIX.length)) : undefined;
    if (name === undefined || !(name in defs) || recursive.includes(name)) return $ref === undefined ? own : { $ref, ...own };
    // The siblings belong to the place of use (a description, a default), so they win over the definition's own.
    const target = expand(defs[name]);
    return typeof target === 'boolean' ? target : { ...target, ...own };
  };

  const schema = expand(root) as McpJsonSchema;
  if (recursive.length === 0) return schema;
  return { ...schema, $defs: Object.fromEntries(recursive.map((name) => [name, expand(defs[name]) as McpJsonSchema])) };
}

/** The `$defs` names a subschema points to. */
function refsOf(schema: McpSubschema): Set<string> {
  const refs = new Set<string>();
  const visit = (subschema: McpSubschema): void => {
    if (typeof subschema === 'boolean') return;
    if (typeof subschema.$ref === 'string' && subschema.$ref.startsWith(DEFS_PREFIX)) refs.add(decodePointer(subschema.$ref.slice(DEFS_PREFIX.length)));
    forEachSubschema(subschema, visit);
  };
  visit(schema);
  return refs;
}

/** One JSON Pointer segment (RFC 6901), percent-decoded as a URI fragment. */
function decodePointer(segment: string): string {
  return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
}
