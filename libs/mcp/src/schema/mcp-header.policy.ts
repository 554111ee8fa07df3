import { McpHeaderType, McpJsonSchema } from '../interfaces/json-schema.interface';

/*
 * What MCP 2026-07-28 (SEP-2243, "custom headers from tool parameters")
 * requires of an `x-mcp-header` declaration. Conforming clients drop a tool
 * that breaks any of these, so the module refuses such a DTO at start-up.
 */

/** Metadata key of the `@McpHeader()` declarations of a DTO class. */
export const MCP_HEADER_METADATA = 'kobana:mcp:header';

/** Every mirrored argument travels in a header of this prefix followed by the declared name. */
export const MCP_PARAM_HEADER_PREFIX = 'Mcp-Param-';

/** The schema-extension keyword a client reads to learn which arguments to mirror. */
export const X_MCP_HEADER = 'x-mcp-header';

/** RFC 9110 §5.6.2 `token` (`1*tchar`): anything else could split or inject header fields. */
const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Types a mirrored argument may have. `number` is excluded by the spec because
 * its text form is ambiguous (`1`, `1.0`, `1e0`), so header and body could not
 * be compared reliably.
 */
const MCP_HEADER_TYPES: readonly string[] = ['string', 'integer', 'boolean'] satisfies McpHeaderType[];

/** Whether `name` may follow `Mcp-Param-`: a non-empty RFC 9110 token. */
export function isMcpHeaderName(name: unknown): name is string {
  return typeof name === 'string' && HTTP_TOKEN.test(name);
}

/**
 * Whether a property of this `type` may be mirrored. A list such as
 * `['string', 'null']` may not: the spec wants exactly one primitive type.
 */
export function isMcpHeaderType(type: McpJsonSchema['type']): type is McpHeaderType {
  return typeof type === 'string' && MCP_HEADER_TYPES.includes(type);
}
