import { McpAccessOptions } from './mcp-access-options.interface';
import type { McpRateLimitClass } from './mcp-limits-options.interface';
import { McpJsonSchema } from './json-schema.interface';
import type { McpStandardSchema } from './mcp-standard-schema.interface';

/** Hints a client may show or act upon (MCP `ToolAnnotations`). `openWorldHint` is always `false`: a tool only reaches its host's API. */
export interface McpToolAnnotations {
  /** @default false */
  readOnlyHint?: boolean;
  /** @default false */
  destructiveHint?: boolean;
  /** @default false */
  idempotentHint?: boolean;
}

/**
 * How a destructive tool's call is confirmed (docs/protocol.md §7). Only for a tool
 * with `destructiveHint: true`; any other tool with it stops start-up.
 */
export interface McpToolConfirmation {
  /**
   * Require the person on the host's approval page, even when the client
   * declared `elicitation`: a client can answer its own elicitation, so a
   * call that hands out access (a webhook, a permission) or that cannot be
   * taken back must be approved where only the signed-in person can act.
   * @default the module's `confirmationRequiresPerson` (false: a client that declared `elicitation` is asked in the chat)
   */
  requirePerson?: boolean;
  /**
   * The name of a method of the same provider that the module calls, before
   * anyone is asked, as `(caller, args)` with the arguments already validated
   * by the tool's DTO. It answers the words naming what the call acts on
   * (e.g. `customer "Acme Ltda" (12.345.678/0001-90)`), looked up in the
   * caller's organization, or throws the route's `HttpException` (e.g. 404),
   * which the caller gets as the usual `isError` result, with nothing asked.
   * @default none: the person sees the tool's title and the arguments
   */
  describe?: string;
}

/**
 * A tool whose work outlives its call, served as a task of the tasks
 * extension (`io.modelcontextprotocol/tasks`, see docs/tasks.md). Each
 * method named here is a method of the same provider; `handle` is the JSON
 * of what the tool's method returned when the task was created (an id the
 * provider looks its work up by).
 */
export interface McpToolTask {
  /**
   * `optional`: a task when the request declares the extension, today's
   * answer otherwise; `required`: a request without the extension gets
   * -32021 naming it.
   */
  support: 'optional' | 'required';
  /** Called as `(caller, handle)` on each `tasks/get` of an unfinished task; answers an `McpTaskState`. */
  status: string;
  /**
   * Called as `(caller, handle, inputResponses)` on `tasks/update`; a route's
   * 4xx is answered -32602 with its message.
   * @default none: the responses are acknowledged and ignored
   */
  update?: string;
  /**
   * Called as `(caller, handle)` on `tasks/cancel` of an unfinished task;
   * the next `status` says whether the work was cancelled.
   * @default none: the module records the task as cancelled and stops following the work
   */
  cancel?: string;
}

/** What `@McpTool()` declares about a provider method. */
export interface McpToolOptions extends McpAccessOptions {
  /** Unique tool name, e.g. `kadu_tasks_list`. */
  name: string;
  /** Human-readable title. */
  title?: string;
  /** What the tool does, for the model. */
  description: string;
  /** Behaviour hints. */
  annotations?: McpToolAnnotations;
  /**
   * The class-validator DTO of the arguments, or a Standard Schema (Zod 4,
   * Valibot, ArkType: the constant the route's `@Body({ schema })` uses).
   * A schema is listed as the input side of its JSON Schema 2020-12
   * (`~standard.jsonSchema.input`, StandardJSONSchemaV1: a Valibot schema
   * needs `toStandardJsonSchema()`) and validates the arguments through Nest's
   * `StandardSchemaValidationPipe`. When omitted, the schema of
   * `@McpArgs({ schema })` or the type of the parameter decorated with
   * `@McpArgs()` is used.
   */
  input?: (new (...args: any[]) => object) | McpStandardSchema;
  /**
   * The class describing what the tool answers on success (the route's JSON):
   * its `outputSchema` is built from it at start-up, as the input schema is
   * from the DTO (class-validator decorators, `@JSONSchema()`, nested classes
   * through `@ValidateNested()` + `@Type()`), every object closed. When
   * omitted, the method's declared return type is used if it is a class with
   * class-validator decorators; an
   * `async` method's is `Promise`, which says nothing, so such a method needs
   * this option. Without either, the tool lists no `outputSchema`.
   *
   * A Standard Schema is listed as the output side of its JSON Schema
   * (`~standard.jsonSchema.output`), and the answer goes through it as
   * `StandardSchemaSerializerInterceptor` sends a route's with
   * `@SerializeOptions({ schema })`: its value (unknown keys stripped,
   * transformations applied) is what the tool answers, and an answer it
   * refuses is an internal error, as the route's 500.
   */
  output?: (new (...args: any[]) => object) | McpStandardSchema;
  /**
   * A JSON Schema 2020-12 object schema for the success answer, listed as is,
   * for a shape no class can describe. Exclusive with `output`.
   */
  outputSchema?: McpJsonSchema;
  /**
   * The rate-limit budget the tool's calls count against.
   * @default 'read' with `readOnlyHint: true`, 'run' with an explicit `idempotentHint: false`, else 'write'
   */
  rateLimitClass?: McpRateLimitClass;
  /**
   * A JSON Schema 2020-12 object schema, listed as is, for arguments no DTO
   * can describe (`$defs`/`$anchor`, `allOf`/`anyOf`, `if`/`then`/`else`).
   * Exclusive with `input` and a DTO-typed `@McpArgs()`: the method receives
   * the arguments as sent and validates them itself. `x-mcp-header`
   * properties are honoured as with a DTO.
   */
  inputSchema?: McpJsonSchema;
  /**
   * How a destructive call is confirmed: by the person on the approval page
   * only, and with what words.
   * @default the module's defaults: elicitation when the client declared it, the title and arguments as the words
   */
  confirmation?: McpToolConfirmation;
  /**
   * Serve the call as a task the client follows with `tasks/get` (tasks extension).
   * @default none: every call answers its result
   */
  task?: McpToolTask;
}
