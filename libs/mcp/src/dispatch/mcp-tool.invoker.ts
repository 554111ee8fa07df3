import { HttpException, Inject, Injectable, ValidationPipe } from '@nestjs/common';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpToolDefinition } from '../interfaces/mcp-tool-definition.interface';
import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpCallContext } from '../interfaces/mcp-call-context.interface';
import { httpExceptionBody, McpToolResult, toolResult } from './mcp-tool-result';

/**
 * Calls a tool's provider method in-process, as its REST route would: the
 * arguments go through a `ValidationPipe` with the host's options, the
 * method gets the token's caller, and an `HttpException` becomes an
 * `isError` result with the very body the route answers.
 */
@Injectable()
export class McpToolInvoker {
  private readonly validation: ValidationPipe;

  constructor(@Inject(MCP_RESOLVED_OPTIONS) options: McpResolvedOptions) {
    this.validation = new ValidationPipe(options.validation);
  }

  async invoke(tool: McpToolDefinition, args: Record<string, unknown>, caller: McpCaller, context: McpCallContext): Promise<McpToolResult> {
    try {
      const input = tool.inputType ? await this.validate(tool, args) : undefined;
      const positional: unknown[] = [];
      for (const binding of tool.params) {
        positional[binding.index] = binding.kind === 'caller' ? caller : binding.kind === 'args' ? input : context;
      }
      return toolResult(await tool.invoke(...positional));
    } catch (error) {
      if (error instanceof HttpException) return toolResult(httpExceptionBody(error), true);
      throw error;
    }
  }

  /** Overridable: validation and transformation of the arguments. */
  protected validate(tool: McpToolDefinition, args: Record<string, unknown>): Promise<unknown> {
    return this.validation.transform(args, { type: 'body', metatype: tool.inputType, data: undefined });
  }
}
