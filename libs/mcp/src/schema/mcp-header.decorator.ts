import 'reflect-metadata';
import { MCP_HEADER_METADATA } from './mcp-header.policy';

/** `@McpHeader()` declarations of a DTO class: property name → header name (without the `Mcp-Param-` prefix). */
export type McpHeaderDeclarations = Readonly<Record<string, string>>;

/**
 * Asks MCP clients to mirror this DTO property into the `Mcp-Param-<name>`
 * request header (SEP-2243), so gateways can route on it without parsing the
 * body. The generated `inputSchema` carries `"x-mcp-header": "<name>"` on the
 * property.
 *
 * Nothing is checked here: the schema factory validates every declaration at
 * start-up, where it knows the property's type and position in the tool's
 * schema, and fails with a message naming the DTO.
 *
 * Header values are visible to every intermediary: never mark secrets or
 * personal data.
 *
 * @example
 * ```ts
 * class ListTasksDto {
 *   @McpHeader('Region') @IsString() region: string;
 * }
 * ```
 */
export function McpHeader(name: string): PropertyDecorator {
  return (target, propertyKey) => {
    // Copy what a parent class declared, so a subclass adds to it without changing the parent's record.
    const inherited: McpHeaderDeclarations = Reflect.getMetadata(MCP_HEADER_METADATA, target) ?? {};
    Reflect.defineMetadata(MCP_HEADER_METADATA, { ...inherited, [String(propertyKey)]: name }, target);
  };
}

/** The `@McpHeader()` declarations of a DTO class, its parents' included. */
export function getMcpHeaderDeclarations(dto: Function): McpHeaderDeclarations {
  return Reflect.getMetadata(MCP_HEADER_METADATA, dto.prototype) ?? {};
}
