import { McpJsonSchema } from '../interfaces/json-schema.interface';

/**
 * Every start-up error of the schema generator, in one place. Each names the
 * DTO and property so the developer can find the declaration without a stack.
 */
export const McpSchemaMessages = {
  headerNotToken: (owner: string, name: unknown) =>
    `@McpHeader(${JSON.stringify(name)}) on ${owner}: the name must be a non-empty RFC 9110 token (letters, digits and !#$%&'*+-.^_\`|~ only)`,
  headerWithoutValidator: (owner: string, name: string) =>
    `@McpHeader('${name}') on ${owner}: the property has no class-validator decorator, so the whitelist strips it and there is nothing to mirror`,
  headerType: (owner: string, name: string, property: McpJsonSchema) =>
    `@McpHeader('${name}') on ${owner}: only string, integer or boolean properties can be mirrored into a header, got ${describeType(property)}` +
    (property.type === 'number' ? ' (use @IsInt() for whole numbers, or send the value as a string)' : ''),
  headerUnreachable: (dto: string, name: string, where: string) =>
    `@McpHeader('${name}') in ${dto} is not statically reachable (found at ${where}): a header can only mirror a property reached through nested objects, never inside an array or a recursive DTO`,
  headerCollision: (dto: string, name: string, where: string, other: string, otherWhere: string) =>
    `@McpHeader('${name}') at ${where} in ${dto} collides with '${other}' at ${otherWhere}: header names are case-insensitive and must be unique per tool`,
  nestedTypeMissing: (owner: string) =>
    `@ValidateNested() on ${owner} needs @Type(() => SomeDto) from class-transformer: without it the nested value is never turned into a DTO and cannot be described`,
  unresolvedRef: (dto: string, ref: string) =>
    `${dto}: cannot resolve $ref '${ref}'; nested DTOs must be declared with @ValidateNested() and @Type(), not with a hand-written $ref`,
  standardWithoutJsonSchema: (owner: string, side: string, vendor: string) =>
    `${owner}: its ${vendor} schema has no "~standard.jsonSchema.${side}" (StandardJSONSchemaV1), so no JSON Schema can be listed for it; ` +
    (vendor === 'valibot'
      ? 'wrap it with toStandardJsonSchema() from @valibot/to-json-schema'
      : 'use a library version that implements StandardJSONSchemaV1 (Zod 4, ArkType 2, Valibot with toStandardJsonSchema() from @valibot/to-json-schema), or declare a class'),
  standardNotConvertible: (owner: string, side: string, vendor: string, why: string) =>
    `${owner}: the ${side} side of its ${vendor} schema cannot be converted to JSON Schema 2020-12 (${why}); describe that part with something JSON Schema can express`,
  sensitiveNotBoolean: (owner: string, where: string, value: unknown) =>
    `${owner}: "x-mcp-sensitive" at ${where} is ${JSON.stringify(value)}; it takes true or false (to say how a person sees the value, declare the arguments with a class and @McpSensitive({ shown }))`,
  sensitiveUnreachable: (owner: string, where: string) =>
    `${owner}: "x-mcp-sensitive" at ${where} marks no argument the audit trail can leave out; put it on a property's schema (in properties, array items or anyOf/oneOf/allOf of one), not on the arguments as a whole or under ${where.split('/').pop()}`,
  notJson: (where: string, what: string) => `JSON Schema value at ${where} is not JSON (${what}); check the @JSONSchema() and validator arguments`,
} as const;

/** The type of a property that cannot carry a header, worded for a developer. */
function describeType(property: McpJsonSchema): string {
  if (property.$ref !== undefined) return 'a nested DTO';
  if (property.type === undefined) return 'no type (add @IsString(), @IsInt(), @IsBoolean() or an enum)';
  return Array.isArray(property.type) ? property.type.join(' | ') : property.type;
}
