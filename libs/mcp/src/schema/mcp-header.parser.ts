import { McpHeaderBinding, McpJsonSchema } from '../interfaces/json-schema.interface';
import { forEachSubschema, McpSubschema } from './json-schema-keywords.util';
import { McpSchemaMessages } from './json-schema.messages';
import { isMcpHeaderName, isMcpHeaderType, MCP_PARAM_HEADER_PREFIX, X_MCP_HEADER } from './mcp-header.policy';

/**
 * Finds the `Mcp-Param-*` headers of a finished tool schema and enforces the
 * rules that depend on the whole schema (MCP 2026-07-28, SEP-2243):
 *
 * - every `x-mcp-header` sits on a chain of `properties` keys from the root;
 *   one under `items`, `$defs`, a combinator or any other keyword makes
 *   conforming clients drop the tool, so it is refused here instead;
 * - names are unique case-insensitively, because HTTP header names are.
 *
 * Name syntax and property type are checked again because `@JSONSchema()`
 * can write `x-mcp-header` without going through `@McpHeader()`.
 *
 * @param dtoName - The tool's DTO, for error messages.
 * @throws Error describing the first violation.
 */
export function scanMcpHeaders(schema: McpJsonSchema, dtoName: string): McpHeaderBinding[] {
  const bindings: McpHeaderBinding[] = [];
  const seen = new Map<string, { name: string; where: string }>();

  const visit = (subschema: McpSubschema, path: string[], reachable: boolean, where: string): void => {
    if (typeof subschema === 'boolean') return;
    const name: unknown = subschema[X_MCP_HEADER];
    if (name !== undefined) {
      const owner = `${dtoName} at ${where}`;
      if (!isMcpHeaderName(name)) throw new Error(McpSchemaMessages.headerNotToken(owner, name));
      if (!reachable || path.length === 0) throw new Error(McpSchemaMessages.headerUnreachable(dtoName, name, where));
      const { type } = subschema;
      if (!isMcpHeaderType(type)) throw new Error(McpSchemaMessages.headerType(owner, name, subschema));
      const prior = seen.get(name.toLowerCase());
      if (prior) throw new Error(McpSchemaMessages.headerCollision(dtoName, name, where, prior.name, prior.where));
      seen.set(name.toLowerCase(), { name, where });
      bindings.push({ header: MCP_PARAM_HEADER_PREFIX + name, path, type });
    }
    forEachSubschema(subschema, (child, { keyword, name: key }) => {
      const viaProperties = keyword === 'properties' && key !== undefined;
      const childPath = viaProperties ? [...path, key] : path;
      const childWhere = `${where}/${keyword}${key === undefined ? '' : `/${key}`}`;
      visit(child, childPath, reachable && viaProperties, childWhere);
    });
  };

  visit(schema, [], true, '#');
  return bindings;
}
