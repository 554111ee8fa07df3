import { classTransformerStorage } from './class-transformer-storage.util';
import { McpJsonSchema } from '../interfaces/json-schema.interface';
import { McpSchemaMessages } from './json-schema.messages';
import { isMcpHeaderName, isMcpHeaderType, X_MCP_HEADER } from './mcp-header.policy';
import { getMcpHeaderDeclarations } from './mcp-header.decorator';

/**
 * Writes `x-mcp-header` onto the properties of one DTO's object schema that
 * carry `@McpHeader()`, after checking what can be checked from the class
 * alone: the name is an HTTP token and the property is a string, integer or
 * boolean the whitelist keeps. Where the property ends up in the tool's
 * schema is checked later, on the whole schema (see `scanMcpHeaders`).
 *
 * @returns A new schema; the given one is not modified.
 * @throws Error naming the DTO property when a declaration is invalid.
 */
export function annotateMcpHeaders(dto: Function, schema: McpJsonSchema): McpJsonSchema {
  const declarations = Object.entries(getMcpHeaderDeclarations(dto));
  if (declarations.length === 0) return schema;
  const properties = { ...schema.properties };
  for (const [propertyName, name] of declarations) {
    const owner = `${dto.name}.${propertyName}`;
    if (!isMcpHeaderName(name)) throw new Error(McpSchemaMessages.headerNotToken(owner, name));
    const key = argumentKey(dto, propertyName);
    const property = properties[key];
    if (!property) throw new Error(McpSchemaMessages.headerWithoutValidator(owner, name));
    if (!isMcpHeaderType(property.type)) {
      throw new Error(McpSchemaMessages.headerType(owner, name, property));
    }
    properties[key] = { ...property, [X_MCP_HEADER]: name };
  }
  return { ...schema, properties };
}

/** The key the argument has in the JSON body: `@Expose({ name })` renames it, as the schema does. */
function argumentKey(dto: Function, propertyName: string): string {
  return classTransformerStorage.findExposeMetadata(dto, propertyName)?.options.name ?? propertyName;
}
