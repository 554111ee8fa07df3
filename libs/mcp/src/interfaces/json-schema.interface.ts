/** A value JSON can carry: what `enum`, `const`, `default` and `examples` hold. */
export type McpJsonValue = string | number | boolean | null | McpJsonValue[] | { [key: string]: McpJsonValue };

/** The primitive types of JSON Schema 2020-12 (`type` keyword). */
export type McpJsonSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/**
 * A JSON Schema 2020-12 schema object, as a tool's `inputSchema` carries it.
 * Only the keywords the module emits are spelled out; the index signature is
 * there because `@JSONSchema()` may add any keyword, and 2020-12 treats
 * unknown keywords as annotations rather than errors.
 */
export interface McpJsonSchema {
  $schema?: string;
  $ref?: string;
  $defs?: Record<string, McpJsonSchema>;
  type?: McpJsonSchemaType | McpJsonSchemaType[];
  title?: string;
  description?: string;
  default?: McpJsonValue;
  examples?: McpJsonValue[];
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  enum?: McpJsonValue[];
  const?: McpJsonValue;
  properties?: Record<string, McpJsonSchema>;
  required?: string[];
  additionalProperties?: boolean | McpJsonSchema;
  minProperties?: number;
  maxProperties?: number;
  items?: McpJsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  contentEncoding?: string;
  contentMediaType?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  allOf?: McpJsonSchema[];
  anyOf?: McpJsonSchema[];
  oneOf?: McpJsonSchema[];
  not?: McpJsonSchema;
  /** SEP-2243: the argument is mirrored into the `Mcp-Param-<name>` request header. */
  'x-mcp-header'?: string;
  [keyword: string]: unknown;
}

/** The JSON Schema types an `Mcp-Param-*` header may mirror (MCP 2026-07-28 excludes `number`). */
export type McpHeaderType = 'string' | 'integer' | 'boolean';

/** One tool argument that the client mirrors into an HTTP header, found once at start-up. */
export interface McpHeaderBinding {
  /** Full header name, e.g. `Mcp-Param-Region`. */
  header: string;
  /** Property keys from the arguments object down to the value, e.g. `['filter', 'region']`. */
  path: string[];
  /** Type of the mirrored value, which decides how the header text is compared with the body. */
  type: McpHeaderType;
}
