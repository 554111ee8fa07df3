import type { ArgumentMetadata, StandardSchemaValidationPipeOptions } from '@nestjs/common';
import { BadRequestException, HttpException, Inject, Injectable, StandardSchemaValidationPipe, ValidationPipe } from '@nestjs/common';
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
 * the method takes a DTO, or through a `StandardSchemaValidationPipe` with
 * the host's options when they are declared with a Standard Schema, and
 * every decorated parameter gets its value.
 * Shared by tools, resources, prompts and completions.
 *
 * A host may have the module build a subclass instead (`overrides` of
 * `McpModule.forRoot()`), whose `Overridable` steps then run in their place.
 */
@Injectable()
export class McpProviderInvoker {
  private readonly validation: ValidationPipe;
  /** Absent on Nest 11, where start-up refuses a Standard Schema (`McpDefinitionFactory`). */
  private readonly standardValidation?: StandardSchemaValidationPipe;

  constructor(@Inject(MCP_RESOLVED_OPTIONS) options: McpResolvedOptions) {
    this.validation = new ValidationPipe(options.validation);
    if (typeof (StandardSchemaValidationPipe as unknown) === 'function') {
      this.standardValidation = new StandardSchemaValidationPipe(options.standardSchemaValidation as StandardSchemaValidationPipeOptions);
    }
  }

  /**
   * Validates, binds and calls; whatever the method throws propagates.
   * `argsValidated`: `sources.args` already came from {@link validateArguments}.
   */
  async invoke(target: McpInvocable, sources: McpParamSources, argsValidated = false): Promise<unknown> {
    const args = !argsValidated && (target.inputType || target.inputStandardSchema) ? await this.validateArguments(target, sources.args) : sources.args;
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
    if (target.inputStandardSchema) return this.validateWithSchema(target, args);
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
   * Overridable: validation and transformation by a Standard Schema, through
   * the pipe the route's `@Body({ schema })` goes through, so a refusal is the
   * route's 400 body and the method receives the schema's value. What the
   * schema itself throws is left to propagate, as it would make the route
   * answer 500.
   */
  protected async validateWithSchema(target: McpInvocable, args: unknown): Promise<unknown> {
    return this.standardValidation!.transform(args, {
      type: 'body',
      metatype: undefined,
      data: undefined,
      schema: target.inputStandardSchema as ArgumentMetadata['schema'],
    });
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
