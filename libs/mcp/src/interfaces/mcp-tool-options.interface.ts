import { McpAccessOptions } from './mcp-access-options.interface';
import type { McpRateLimitClass } from './mcp-limits-options.interface';
import { McpJsonSchema } from './json-schema.interface';

/** Hints a client may show or act upon (MCP `ToolAnnotations`). `openWorldHint` is always `false`: a tool only reaches its host's API. */
export interface McpToolAnnotations {
  /** @default false */
  readOnlyHint?: boolean;
  /** @default false */
  destructiveHint?: boolean;
  /** @default false */
  idempotentHint?: boolean;
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
   * The class-validator DTO of the arguments. When omitted, the type of the
   * parameter decorated with `@McpArgs()` is used.
   */
  input?: new (...args: any[]) => object;
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
}
