import { McpAccessOptions } from './mcp-access-options.interface';

/** One argument of a prompt (MCP `PromptArgument`); its value always arrives as a string. */
export interface McpPromptArgument {
  name: string;
  description?: string;
  /** A `prompts/get` without it is -32602. @default false */
  required?: boolean;
}

/** What `@McpPrompt()` declares: a ready-made script the person picks. */
export interface McpPromptOptions extends McpAccessOptions {
  /** Unique prompt name, e.g. `kadu_investigate_failures`. */
  name: string;
  /** Human-readable title. */
  title?: string;
  /** What the script does; also the `description` of `prompts/get`. */
  description?: string;
  /** The arguments `prompts/list` announces. @default [] */
  arguments?: McpPromptArgument[];
}

/** One message of a prompt (MCP `PromptMessage`), as a prompt method may return it. */
export interface McpPromptMessage {
  role: 'user' | 'assistant';
  content: { type: 'text'; text: string };
}
