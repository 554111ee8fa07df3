import { Injectable, Type } from '@nestjs/common';
import { collectDtoSchemas, DtoSchemaGraph } from './dto-schema-graph.factory';
import { inlineDtoSchemas } from './dto-schema-inline.util';
import { McpHeaderBinding, McpJsonSchema } from '../interfaces/json-schema.interface';
import { annotateMcpHeaders } from './mcp-header-annotation.util';
import { scanMcpHeaders } from './mcp-header.parser';

/** What is prepared once per DTO class. */
interface DtoSchemaEntry {
  schema: McpJsonSchema;
  headers: McpHeaderBinding[];
}

/**
 * Turns a class-validator DTO (the one the REST route validates with) into a
 * tool's `inputSchema`, JSON Schema 2020-12:
 * `{ type: 'object', properties, required?, additionalProperties: false }`,
 * nested DTOs inlined, plus the `Mcp-Param-*` headers its `@McpHeader()`
 * properties ask clients to send.
 *
 * Meant for start-up: every DTO is described once and cached, and every
 * invalid declaration throws, so a wrong DTO stops the application instead of
 * producing a tool clients would reject.
 */
@Injectable()
export class DtoJsonSchemaFactory {
  private readonly cache = new Map<Type<object>, DtoSchemaEntry>();
  private readonly outputCache = new Map<Type<object>, McpJsonSchema>();

  /**
   * The `inputSchema` of a DTO. The object is deep-frozen and shared by every
   * caller, since `tools/list` hands the same schema out on every request.
   *
   * @throws Error when the DTO cannot be described or an `@McpHeader()` is invalid.
   */
  create(dto: Type<object>): McpJsonSchema {
    return this.entry(dto).schema;
  }

  /**
   * The `Mcp-Param-*` headers a `tools/call` of this DTO must carry, in
   * property order. A fresh copy each time, so callers may keep or change it.
   *
   * @throws Error when the DTO cannot be described or an `@McpHeader()` is invalid.
   */
  headers(dto: Type<object>): McpHeaderBinding[] {
    return this.entry(dto).headers.map((binding) => ({ ...binding, path: [...binding.path] }));
  }

  /**
   * The `outputSchema` of a response class: the same description as a DTO's
   * (class-validator decorators, `@JSONSchema()`, nested classes inlined,
   * every object closed), without the `Mcp-Param-*` headers, which only
   * arguments carry. Deep-frozen and cached like {@link create}.
   *
   * @throws Error when the class cannot be described.
   */
  createOutput(type: Type<object>): McpJsonSchema {
    let schema = this.outputCache.get(type);
    if (!schema) {
      schema = deepFreeze(inlineDtoSchemas(collectDtoSchemas(type)));
      this.outputCache.set(type, schema);
    }
    return schema;
  }

  private entry(dto: Type<object>): DtoSchemaEntry {
    let entry = this.cache.get(dto);
    if (!entry) {
      entry = build(dto);
      this.cache.set(dto, entry);
    }
    return entry;
  }
}

function build(dto: Type<object>): DtoSchemaEntry {
  const collected = collectDtoSchemas(dto);
  const annotated: DtoSchemaGraph = {
    rootKey: collected.rootKey,
    nodes: new Map([...collected.nodes].map(([key, node]) => [key, { ...node, schema: annotateMcpHeaders(node.dto, node.schema) }])),
  };
  const schema = inlineDtoSchemas(annotated);
  const headers = scanMcpHeaders(schema, dto.name);
  return { schema: deepFreeze(schema), headers };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
