import { HttpException, Injectable, StandardSchemaSerializerInterceptor } from '@nestjs/common';
import { McpToolDefinition } from '../interfaces/mcp-tool-definition.interface';
import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpCallContext } from '../interfaces/mcp-call-context.interface';
import { McpProviderInvoker } from './mcp-provider-invoker.service';
import { httpExceptionBody } from '../errors/mcp-http-exception.parser';
import { McpToolResult, toolResult } from '../results/mcp-tool.view';
import { McpInputRequired } from '../results/mcp-input-required.view';
import { McpContent } from '../results/mcp-content.view';
import { McpMessages } from '../mcp.messages';

/**
 * Calls a tool's provider method and answers a `CallToolResult`: an
 * `HttpException` (validation included) becomes an `isError` result with
 * the very body the route answers, so the model can read it and correct.
 */
@Injectable()
export class McpToolInvoker {
  /**
   * Nest's own serializer, for its `serialize` step alone (it reads no
   * metadata there): an answer goes through a Standard Schema `output` as a
   * route's goes through `@SerializeOptions({ schema })`. Absent on Nest 11,
   * where start-up refuses a Standard Schema.
   */
  private readonly serializer =
    typeof (StandardSchemaSerializerInterceptor as unknown) === 'function' ? new StandardSchemaSerializerInterceptor(undefined) : undefined;

  constructor(private readonly provider: McpProviderInvoker) {}

  /**
   * A task tool's call as a task: what the method returns is the task's
   * handle, given to `create`, whose answer (the `CreateTaskResult`) is the
   * call's. A question before the work (`McpInputRequired`) or a route's
   * error (a 4xx) creates no task: the client gets them as from any tool.
   */
  async invokeAsTask(
    tool: McpToolDefinition,
    args: unknown,
    caller: McpCaller,
    context: McpCallContext,
    argsValidated: boolean,
    create: (handle: unknown) => Promise<Record<string, unknown>>,
  ): Promise<McpToolResult | Record<string, unknown>> {
    let handle: unknown;
    try {
      handle = await this.provider.invoke(tool, { caller, args, context }, argsValidated);
    } catch (error) {
      if (error instanceof HttpException) return toolResult(httpExceptionBody(error), true);
      throw error;
    }
    if (handle instanceof McpInputRequired) return handle.toResult();
    return create(handle);
  }

  /** `argsValidated`: `args` are the validated ones (a confirmed destructive tool's, which the gate validated). */
  async invoke(
    tool: McpToolDefinition,
    args: unknown,
    caller: McpCaller,
    context: McpCallContext,
    argsValidated = false,
  ): Promise<McpToolResult | Record<string, unknown>> {
    try {
      const value = await this.provider.invoke(tool, { caller, args, context }, argsValidated);
      if (value instanceof McpInputRequired) {
        // Era 2025 cannot carry the question: the model is told so instead, in a result it can read.
        return context.era === '2026' ? value.toResult() : toolResult(McpContent.error(McpMessages.inputRequiredUnsupported()));
      }
      return toolResult(await this.serialize(tool, value));
    } catch (error) {
      if (error instanceof HttpException) return toolResult(httpExceptionBody(error), true);
      throw error;
    }
  }

  /**
   * The answer as the route with `@SerializeOptions({ schema })` sends it: an
   * object goes through the tool's Standard Schema `output` (content blocks
   * do not); an answer the schema refuses throws, an internal error as the
   * route's 500.
   */
  private async serialize(tool: McpToolDefinition, value: unknown): Promise<unknown> {
    if (!tool.outputStandardSchema || !this.serializer || value instanceof McpContent) return value;
    return this.serializer.serialize(
      value as Record<string, unknown>,
      tool.outputStandardSchema as Parameters<StandardSchemaSerializerInterceptor['serialize']>[1],
    );
  }
}
