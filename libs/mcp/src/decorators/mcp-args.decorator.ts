import { bindMcpParam } from './mcp-param.decorator';
import type { McpStandardSchema } from '../interfaces/mcp-standard-schema.interface';

/** Options of `@McpArgs()`, as Nest 12's `@Body({ schema })` takes them. */
export interface McpArgsOptions {
  /**
   * A Standard Schema (Zod 4, Valibot, ArkType) the arguments are validated
   * and transformed with, by Nest's `StandardSchemaValidationPipe` as the
   * route's `@Body({ schema })`; for a tool, the same as `input` of
   * `@McpTool()`. It must implement `StandardJSONSchemaV1` for the tool's
   * `inputSchema` (Valibot: `toStandardJsonSchema()`).
   * @default none: the parameter's class, or `input` of `@McpTool()`
   */
  schema?: McpStandardSchema;
}

/**
 * The parameter receives the arguments of a tool or prompt. Typed with a
 * class-validator DTO (the parameter's type, or `input` of `@McpTool()`),
 * they are transformed and validated with the same options as the host's
 * REST `ValidationPipe`; with a Standard Schema (`@McpArgs({ schema })`, or
 * `input` of `@McpTool()`), by a `StandardSchemaValidationPipe` with the
 * host's options, as `@Body({ schema })` is. A prompt may take a plain
 * `Record<string, string>` instead. In a completion method: the values
 * already chosen for the other arguments.
 *
 * @example
 * ```ts
 * export const CreateTask = z.object({ title: z.string().trim().min(1) });
 * @McpTool({ name: 'tasks_create', description: 'Creates a task' })
 * create(@McpArgs({ schema: CreateTask }) body: z.output<typeof CreateTask>) { … }
 * ```
 */
export function McpArgs(options: McpArgsOptions = {}): ParameterDecorator {
  return bindMcpParam(options.schema === undefined ? { kind: 'args' } : { kind: 'args', schema: options.schema });
}
