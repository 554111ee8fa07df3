import { MCP_SENSITIVE_METADATA, MCP_SENSITIVE_SHOWN_METADATA } from '../mcp.constants';

/** Options of {@link McpSensitive}. */
export interface McpSensitiveOptions {
  /**
   * What a person deciding on the call may see of the value (the host of a
   * URL, a masked document number), stored in its place with an approval.
   * Without it the approval keeps only a placeholder.
   */
  shown?: (value: unknown) => string;
}

/**
 * Marks a DTO property as sensitive (a secret, a card or document number):
 * the audit trail stores a tool call's arguments without it, and an approval
 * stores what `shown` makes of it (its value still counts in the arguments'
 * digest, which matches the call when it is made again). Inherited by
 * subclasses; a nested DTO (`@ValidateNested()` with `@Type()`) is searched too.
 *
 * @example
 * ```ts
 * class CreateCustomerDto {
 *   @McpSensitive({ shown: maskDocument })
 *   @IsString()
 *   document: string;
 * }
 * ```
 */
export function McpSensitive(options: McpSensitiveOptions = {}): PropertyDecorator {
  return (target, propertyKey) => {
    const type = target.constructor;
    const inherited: string[] = Reflect.getMetadata(MCP_SENSITIVE_METADATA, type) ?? [];
    Reflect.defineMetadata(MCP_SENSITIVE_METADATA, [...new Set([...inherited, String(propertyKey)])], type);
    if (options.shown) {
      const shown: Record<string, McpSensitiveOptions['shown']> = Reflect.getMetadata(MCP_SENSITIVE_SHOWN_METADATA, type) ?? {};
      Reflect.defineMetadata(MCP_SENSITIVE_SHOWN_METADATA, { ...shown, [String(propertyKey)]: options.shown }, type);
    }
  };
}
