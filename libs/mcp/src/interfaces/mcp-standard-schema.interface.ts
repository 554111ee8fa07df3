/**
 * The parts of Standard Schema 1.1 (`@standard-schema/spec`) the module reads,
 * written out as the spec invites so that the package needs no dependency on
 * it: a Zod 4, Valibot or ArkType schema is one of these by its shape.
 */

/** One problem a schema found in a value. */
export interface McpStandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** What `~standard.validate` answers: the (transformed) value, or the issues. */
export type McpStandardResult = { readonly value: unknown; readonly issues?: undefined } | { readonly issues: ReadonlyArray<McpStandardIssue> };

/** `StandardJSONSchemaV1.Converter`: the schema's JSON Schema, for what it accepts (`input`) and what it produces (`output`). */
export interface McpStandardJsonSchemaConverter {
  readonly input: (options: { readonly target: string; readonly libraryOptions?: Record<string, unknown> }) => Record<string, unknown>;
  readonly output: (options: { readonly target: string; readonly libraryOptions?: Record<string, unknown> }) => Record<string, unknown>;
}

/**
 * A Standard Schema (`StandardSchemaV1`), the kind Nest 12's `@Body({ schema })`
 * takes. The module lists a tool declared with one only when it also
 * implements `StandardJSONSchemaV1` (`~standard.jsonSchema`).
 */
export interface McpStandardSchema {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown, options?: { readonly libraryOptions?: Record<string, unknown> }) => McpStandardResult | Promise<McpStandardResult>;
    readonly jsonSchema?: McpStandardJsonSchemaConverter;
  };
}
