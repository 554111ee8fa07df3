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

/**
 * The options of Nest 12's `StandardSchemaValidationPipe` the module passes
 * on, written out so that the package's declarations also compile against
 * Nest 11 (which has no such pipe): the object a host gives its own pipe
 * fits here as it is.
 */
export interface McpStandardSchemaValidationOptions {
  /** Hand the method the schema's value (coerced, defaulted) rather than the input. @default true */
  transform?: boolean;
  /** Forwarded as the second argument of `~standard.validate`. */
  validateOptions?: Record<string, unknown>;
  /** The status of a refusal. @default 400 */
  errorHttpStatusCode?: number;
  /** Builds the exception a refusal throws; an `HttpException` becomes the `isError` result with its body. */
  exceptionFactory?: (issues: ReadonlyArray<McpStandardIssue>) => unknown;
  /** Longest total length of the messages of a refusal. @default 1_000_000 */
  maxErrorMessagesLength?: number;
}
