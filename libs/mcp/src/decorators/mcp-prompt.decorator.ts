import { applyDecorators, SetMetadata } from '@nestjs/common';
import { MCP_PROMPT_METADATA } from '../mcp.constants';
import { McpPromptOptions } from '../interfaces/mcp-prompt-options.interface';

/**
 * Makes a provider method a prompt. The method gets the arguments through
 * `@McpArgs()` (a DTO, validated as a tool's are, or a plain record) and
 * returns the messages: an array of `McpPromptMessage`, or a string that
 * becomes one user message.
 *
 * @example
 * ```ts
 * @McpPrompt({ name: 'explain_execution', arguments: [{ name: 'execution_id', required: true }] })
 * explain(@McpArgs() args: Record<string, string>) { return `Explain execution ${args.execution_id}…`; }
 * ```
 */
export function McpPrompt(options: McpPromptOptions): MethodDecorator {
  return applyDecorators(SetMetadata(MCP_PROMPT_METADATA, options));
}
