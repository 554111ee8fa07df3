import { Injectable } from '@nestjs/common';
import { McpJsonSchema } from '../interfaces/json-schema.interface';
import type { McpStandardSchema } from '../interfaces/mcp-standard-schema.interface';
import { inlineLocalDefs } from './json-schema-defs.util';
import { McpSchemaMessages } from './json-schema.messages';

/** The side of a schema a tool lists: what it accepts (arguments) or what it produces (the answer). */
export type McpStandardSchemaSide = 'input' | 'output';

/** MCP's default dialect, the one every tool schema is written in. */
const TARGET = 'draft-2020-12';

/**
 * Turns a Standard Schema that implements `StandardJSONSchemaV1` (Zod 4,
 * ArkType, Valibot through `toStandardJsonSchema`) into a tool's
 * `inputSchema` (its input side: what a caller may send, before defaults and
 * coercions) or `outputSchema` (its output side: what the answer is once the
 * schema has produced it), shaped as a DTO's schema is.
 *
 * Meant for start-up: each schema is converted once per side and cached, and
 * one that cannot be converted stops the application with the tool's name.
 */
@Injectable()
export class StandardJsonSchemaFactory {
  private readonly cache: Record<McpStandardSchemaSide, WeakMap<McpStandardSchema, McpJsonSchema>> = { input: new WeakMap(), output: new WeakMap() };

  /**
   * The schema's JSON Schema 2020-12 for one side, deep-frozen and shared.
   *
   * @param owner - What declares it (`MCP tool "x"`), for the messages.
   * @throws Error when the schema has no `~standard.jsonSchema`, cannot be converted, or its root is not an object schema.
   */
  create(schema: McpStandardSchema, side: McpStandardSchemaSide, owner: string): McpJsonSchema {
    let json = this.cache[side].get(schema);
    if (!json) {
      json = deepFreeze(convert(schema, side, owner));
      this.cache[side].set(schema, json);
    }
    return json;
  }
}

function convert(schema: McpStandardSchema, side: McpStandardSchemaSide, owner: string): McpJsonSchema {
  const { vendor, jsonSchema } = schema['~standard'];
  if (typeof jsonSchema?.[side] !== 'function') throw new Error(McpSchemaMessages.standardWithoutJsonSchema(owner, side, vendor));
  let generated: unknown;
  try {
    // A JSON round trip: the descriptor is plain JSON, whatever objects the library built it from.
    generated = JSON.parse(JSON.stringify(jsonSchema[side]({ target: TARGET })));
  } catch (error) {
    throw new Error(McpSchemaMessages.standardNotConvertible(owner, side, vendor, error instanceof Error ? error.message : String(error)), { cause: error });
  }
  if (typeof generated !== 'object' || generated === null || Array.isArray(generated)) {
    throw new Error(McpSchemaMessages.standardNotConvertible(owner, side, vendor, 'it is not a JSON Schema object'));
  }
  return inlineLocalDefs(generated as McpJsonSchema);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
