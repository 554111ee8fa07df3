import { BadRequestException, HttpException, Inject, Injectable, ValidationPipe } from '@nestjs/common';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpInvocable } from '../interfaces/mcp-definition.interface';
import { McpEra } from '../interfaces/mcp-request.interface';
import { McpParamKind } from '../interfaces/mcp-param-binding.interface';
import { httpExceptionMessage } from '../errors/mcp-http-exception.parser';
import { invalidParams } from '../errors/mcp-method.error';
import { McpMessages } from '../mcp.messages';

/** What each kind of bound parameter receives in one call. */
export type McpParamSources = Partial<Record<McpParamKind, unknown>>;

/**
 * Calls a discovered provider method in-process, as its REST route would:
 * the arguments go through a `ValidationPipe` with the host's options when
 * the method takes a DTO, and every decorated parameter gets its value.
 * Shared by tools, resources, prompts and completions.
 *
 * A host may have the module build a subclass instead (`overrides` of
 * `McpModule.forRoot()`), whose `Overridable` steps then run in their place.
 */
@Injectable()
export class McpProviderInvoker {
  private readonly validation: ValidationPipe;

  constructor(@Inject(MCP_RESOLVED_OPTIONS) options: McpResolvedOptions) {
    this.validation = new ValidationPipe(options.validation);
  }

  /**
   * Validates, binds and calls; whatever the method throws propagates.
   * `argsValidated`: `sources.args` already came from {@link validateArguments}.
   */
  async invoke(target: McpInvocable, sources: McpParamSources, argsValidated = false): Promise<unknown> {
    const args = target.inputType && !argsValidated ? await this.validate(target, sources.args) : sources.args;
    const positional: unknown[] = [];
    for (const binding of target.params) {
      positional[binding.index] = binding.kind === 'args' ? args : sources[binding.kind];
    }
    return target.invoke(...positional);
  }

  /**
   * The arguments as the method would receive them (validated and
   * transformed when it takes a DTO), without calling it: a destructive
   * tool's arguments are checked before anyone is asked to confirm, and the
   * call then takes them as they are (`argsValidated` of {@link invoke}).
   */
  async validateArguments(target: McpInvocable, args: unknown): Promise<unknown> {
    return target.inputType ? this.validate(target, args) : args;
  }

  /**
   * For methods whose failures are protocol errors (resources, prompts,
   * completions), unlike a tool's, which are results the model reads.
   * `notFound` answers a `NotFoundException` where "not found" has its own error.
   */
  async invokeForProtocol(target: McpInvocable, sources: McpParamSources, era: McpEra, notFound?: () => Error): Promise<unknown> {
    try {
      return await this.invoke(target, sources);
    } catch (error) {
      throw this.toProtocolError(error, era, notFound);
    }
  }

  /** Overridable: validation and transformation of the arguments. */
  protected async validate(target: McpInvocable, args: unknown): Promise<unknown> {
    try {
      return await this.validation.transform(args, { type: 'body', metatype: target.inputType, data: undefined });
    } catch (error) {
      if (error instanceof HttpException) throw error;
      // The client's data broke the transformation itself (found by the fuzz suite): an object whose own
      // `toString` is data makes class-transformer's Number() throw a TypeError. A bad argument, never a 500.
      throw new BadRequestException([McpMessages.unreadableArguments()]);
    }
  }

  /**
   * Overridable: a client error of the method (status < 500) is -32602 with
   * its message; anything else is left to the exception filter (-32603).
   */
  protected toProtocolError(error: unknown, era: McpEra, notFound?: () => Error): unknown {
    if (!(error instanceof HttpException) || error.getStatus() >= 500) return error;
    if (error.getStatus() === 404 && notFound) return notFound();
    return invalidParams(era, httpExceptionMessage(error));
  }
}
