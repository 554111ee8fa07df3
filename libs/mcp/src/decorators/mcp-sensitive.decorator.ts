import { MCP_SENSITIVE_METADATA } from '../mcp.constants';

/**
 * Marks a DTO property as sensitive (a secret, a card or document number):
 * the audit trail stores a tool call's arguments without it (its value still
 * counts in the arguments' digest). Inherited by subclasses; a nested DTO
 * (`@ValidateNested()` with `@Type()`) is searched too.
 *
 * @example
 * ```ts
 * class CreateCustomerDto {
 *   @McpSensitive()
 *   @IsString()
 *   document: string;
 * }
 * ```
 */
export function McpSensitive(): PropertyDecorator {
  return (target, propertyKey) => {
    const type = target.constructor;
    const inherited: string[] = Reflect.getMetadata(MCP_SENSITIVE_METADATA, type) ?? [];
    Reflect.defineMetadata(MCP_SENSITIVE_METADATA, [...new Set([...inherited, String(propertyKey)])], type);
  };
}
