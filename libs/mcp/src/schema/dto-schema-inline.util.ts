import { DTO_REF_PREFIX, DtoSchemaGraph, DtoSchemaNode } from './dto-schema-graph.factory';
import { McpJsonSchema } from '../interfaces/json-schema.interface';
import { forEachSubschema, mapSubschemas, McpSubschema } from './json-schema-keywords.util';
import { McpSchemaMessages } from './json-schema.messages';
import { reaches } from './ref-graph.util';

/**
 * Assembles the tool's schema from the root DTO's, copying each nested DTO in
 * place of its `$ref`. Many MCP clients and model providers do not follow
 * `$ref`, and `x-mcp-header` must sit on a chain of `properties` keys, so
 * inlining is the default.
 *
 * A DTO that reaches itself (directly or through others) cannot be inlined:
 * it is emitted once under `$defs` and every occurrence is a
 * `$ref: '#/$defs/<Name>'` (the root's body still stands at the top).
 *
 * @throws Error when a `$ref` names no collected DTO (a hand-written one).
 */
export function inlineDtoSchemas({ rootKey, nodes }: DtoSchemaGraph): McpJsonSchema {
  const root = nodeOf(nodes, rootKey);
  const edges = new Map([...nodes].map(([key, node]) => [key, dtoRefsOf(node.schema, node.dto.name, nodes)]));
  const recursive = [...nodes.keys()].filter((key) => reaches(key, key, edges));

  const expand = (subschema: McpSubschema): McpSubschema => {
    if (typeof subschema === 'boolean') return subschema;
    const { $ref, ...siblings } = subschema;
    const own = mapSubschemas(siblings, expand);
    const key = $ref === undefined ? undefined : dtoKeyOf($ref);
    if (key === undefined || recursive.includes(key)) return $ref === undefined ? own : { $ref, ...own };
    // Siblings come from the property (its description, `@IsObject()`), so they win over the DTO's own.
    return { ...(expand(nodeOf(nodes, key).schema) as McpJsonSchema), ...own };
  };

  const schema = expand(root.schema) as McpJsonSchema;
  if (recursive.length === 0) return schema;
  const $defs = Object.fromEntries(recursive.map((key) => [key, expand(nodeOf(nodes, key).schema) as McpJsonSchema]));
  return { ...schema, $defs };
}

/** The DTO keys a schema points to; any other `$ref` is an error, as nothing could resolve it. */
function dtoRefsOf(schema: McpJsonSchema, dtoName: string, nodes: Map<string, DtoSchemaNode>): Set<string> {
  const refs = new Set<string>();
  const visit = (subschema: McpSubschema): void => {
    if (typeof subschema === 'boolean') return;
    if (subschema.$ref !== undefined) {
      const key = dtoKeyOf(subschema.$ref);
      if (key === undefined || !nodes.has(key)) {
        throw new Error(McpSchemaMessages.unresolvedRef(dtoName, subschema.$ref));
      }
      refs.add(key);
    }
    forEachSubschema(subschema, visit);
  };
  visit(schema);
  return refs;
}

function dtoKeyOf(ref: string): string | undefined {
  return ref.startsWith(DTO_REF_PREFIX) ? ref.slice(DTO_REF_PREFIX.length) : undefined;
}

function nodeOf(nodes: Map<string, DtoSchemaNode>, key: string): DtoSchemaNode {
  const node = nodes.get(key);
  // The collector describes every DTO it hands out a key for, so a miss is a bug here, not in the DTO.
  if (!node) throw new Error(`DTO schema '${key}' was referenced but never collected`);
  return node;
}
