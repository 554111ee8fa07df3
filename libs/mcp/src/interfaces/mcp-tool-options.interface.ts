import { McpAccessOptions } from './mcp-access-options.interface';

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
}
