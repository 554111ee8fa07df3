import { Injectable, StandardSchemaValidationPipe, Type } from '@nestjs/common';
import { McpMetadataAccessor } from './mcp-metadata.accessor';
import { McpUriTemplate } from './mcp-uri-template.parser';
import { compact, deepFreeze } from './mcp-descriptor.util';
import { DtoJsonSchemaFactory } from '../schema/dto-json-schema.factory';
import { StandardJsonSchemaFactory } from '../schema/standard-json-schema.factory';
import { readSensitiveKeyword } from '../schema/mcp-sensitive-keyword.parser';
import { isStandardSchema } from '../schema/standard-schema.util';
import type { McpStandardSchema } from '../interfaces/mcp-standard-schema.interface';
import { McpJsonSchema } from '../interfaces/json-schema.interface';
import { scanMcpHeaders } from '../schema/mcp-header.parser';
import { McpMessages } from '../mcp.messages';
import { McpParamBinding } from '../interfaces/mcp-param-binding.interface';
import { McpAccessOptions } from '../interfaces/mcp-access-options.interface';
import { McpGuarded, McpInvocable } from '../interfaces/mcp-definition.interface';
import { McpToolOptions } from '../interfaces/mcp-tool-options.interface';
import { McpToolConfirmationDefinition, McpToolDefinition, McpToolTaskDefinition } from '../interfaces/mcp-tool-definition.interface';
import { McpResourceOptions, McpResourceTemplateOptions } from '../interfaces/mcp-resource-options.interface';
import { McpResourceDefinition, McpResourceTemplateDefinition } from '../interfaces/mcp-resource-definition.interface';
import { McpPromptOptions } from '../interfaces/mcp-prompt-options.interface';
import { McpPromptDefinition } from '../interfaces/mcp-prompt-definition.interface';
import { McpCompletionOptions } from '../interfaces/mcp-completion-options.interface';
import { McpCompletionDefinition } from '../interfaces/mcp-completion-definition.interface';
import { getMetadataStorage } from 'class-validator';
import { withApprovalRequired } from '../confirmation/mcp-approval-required.util';
import { McpContent } from '../results/mcp-content.view';
import { McpInputRequired } from '../results/mcp-input-required.view';

const EMPTY_INPUT_SCHEMA: McpJsonSchema = Object.freeze({ type: 'object', properties: {}, additionalProperties: false });

/** What `design:returntype` reports for a method whose return type says nothing about its JSON (`async` methods: `Promise`). */
const NOT_OUTPUT_TYPES: readonly Function[] = [Object, Promise, Array, String, Number, Boolean, Symbol, Date, Map, Set, Function];

/** An undecorated completion method is called as `(caller, value, context)`. */
const COMPLETION_DEFAULT_PARAMS: McpParamBinding[] = [
  { index: 0, kind: 'caller' },
  { index: 1, kind: 'value' },
  { index: 2, kind: 'context' },
];

/** A decorated provider method the explorer found. */
export interface McpMethodRef {
  instance: object;
  prototype: Record<string, (...args: unknown[]) => unknown>;
  methodName: string;
}

/**
 * Turns a decorated method into the definition its registry keeps, with
 * everything a call needs prepared once: descriptor, schema, access rules,
 * parameter bindings and the bound method.
 */
@Injectable()
export class McpDefinitionFactory {
  constructor(
    private readonly metadata: McpMetadataAccessor,
    private readonly schemas: DtoJsonSchemaFactory,
    private readonly standardSchemas: StandardJsonSchemaFactory,
  ) {}

  tool(method: McpMethodRef, options: McpToolOptions): McpToolDefinition {
    const owner = `MCP tool "${options.name}"`;
    const argsSchema = this.argsSchema(method, options);
    if (options.inputSchema && options.input) throw new Error(McpMessages.inputSchemaWithDto(options.name));
    if (options.inputSchema && argsSchema) throw new Error(McpMessages.inputSchemaWithArgsSchema(options.name));
    // MCP requires an object schema for tool arguments; clients drop a tool whose schema is anything else.
    if (options.inputSchema && options.inputSchema.type !== 'object') throw new Error(McpMessages.inputSchemaNotObject(options.name));
    const inputType =
      options.inputSchema || argsSchema ? undefined : ((options.input as Type<object> | undefined) ?? this.argsType(method, true, options.name));
    const rawSchema = options.inputSchema ? deepFreeze(structuredClone(options.inputSchema)) : undefined;
    const standardInput = argsSchema ? this.standardInput(argsSchema, owner, options.name) : undefined;
    const outputSchema = this.outputSchema(method, options);
    // `x-mcp-sensitive` is the module's keyword: read into the audit's plan, never listed.
    const sensitive = rawSchema || standardInput ? readSensitiveKeyword((rawSchema ?? standardInput)!, owner) : undefined;
    const listedInput = sensitive?.schema;
    return {
      name: options.name,
      options,
      descriptor: deepFreeze({
        name: options.name,
        ...(options.title ? { title: options.title } : {}),
        description: options.description,
        inputSchema: listedInput ?? (inputType ? this.schemas.create(inputType) : EMPTY_INPUT_SCHEMA),
        ...(outputSchema ? { outputSchema } : {}),
        annotations: {
          ...(options.title ? { title: options.title } : {}),
          readOnlyHint: options.annotations?.readOnlyHint ?? false,
          destructiveHint: options.annotations?.destructiveHint ?? false,
          idempotentHint: options.annotations?.idempotentHint ?? false,
          openWorldHint: false as const,
        },
        ...(options.task ? { execution: { taskSupport: options.task.support } } : {}),
      }),
      headers: listedInput ? scanMcpHeaders(listedInput, options.name) : inputType ? this.schemas.headers(inputType) : [],
      confirmation: this.confirmation(method, options),
      ...(options.task ? { task: this.task(method, options) } : {}),
      ...(isStandardSchema(options.output) ? { outputStandardSchema: options.output } : {}),
      ...(sensitive?.plan ? { sensitive: sensitive.plan } : {}),
      ...this.guarded(options),
      ...this.invocable(method, inputType, argsSchema),
    };
  }

  resource(method: McpMethodRef, options: McpResourceOptions): McpResourceDefinition {
    const { uri, name, title, description, mimeType } = options;
    return {
      uri,
      options,
      descriptor: deepFreeze(compact({ uri, name, title, description, mimeType })),
      ...this.guarded(options),
      ...this.invocable(method),
    };
  }

  resourceTemplate(method: McpMethodRef, options: McpResourceTemplateOptions): McpResourceTemplateDefinition {
    const { uriTemplate, name, title, description, mimeType } = options;
    return {
      uriTemplate,
      options,
      template: McpUriTemplate.parse(uriTemplate),
      descriptor: deepFreeze(compact({ uriTemplate, name, title, description, mimeType })),
      ...this.guarded(options),
      ...this.invocable(method),
    };
  }

  prompt(method: McpMethodRef, options: McpPromptOptions): McpPromptDefinition {
    const { name, title, description } = options;
    const args = options.arguments?.map((argument) => compact({ ...argument }));
    return {
      name,
      options,
      descriptor: deepFreeze(compact({ name, title, description, arguments: args })),
      ...this.guarded(options),
      ...this.invocable(method, this.argsType(method, false, name), this.argsSchema(method)),
    };
  }

  completion(method: McpMethodRef, options: McpCompletionOptions): McpCompletionDefinition {
    const invocable = this.invocable(method);
    return { options, ...invocable, params: invocable.params.length > 0 ? invocable.params : COMPLETION_DEFAULT_PARAMS };
  }

  /**
   * The tool's `outputSchema`: `outputSchema` as given, or the schema of
   * `output`, or of the declared return type when it is a class. A destructive
   * tool's admits the approval link too, which it answers before it runs.
   */
  private outputSchema({ prototype, methodName }: McpMethodRef, options: McpToolOptions): McpJsonSchema | undefined {
    if (options.outputSchema && options.output) throw new Error(McpMessages.outputSchemaWithClass(options.name));
    if (isStandardSchema(options.output)) this.assertStandardPipe(`MCP tool "${options.name}"`);
    const type = options.output ?? this.returnedClass(prototype, methodName);
    const schema = options.outputSchema
      ? structuredClone(options.outputSchema)
      : isStandardSchema(type)
        ? readSensitiveKeyword(this.standardSchemas.create(type, 'output', `MCP tool "${options.name}"`), `MCP tool "${options.name}"`).schema
        : type
          ? this.schemas.createOutput(type)
          : undefined;
    if (!schema) return undefined;
    // MCP: `structuredContent` is an object, so is the root of the schema describing it.
    if (schema.type !== 'object') throw new Error(McpMessages.outputSchemaNotObject(options.name));
    return deepFreeze(options.annotations?.destructiveHint ? withApprovalRequired(schema) : schema);
  }

  /**
   * The declared return class, when it describes JSON: a class with
   * class-validator decorators. `McpContent`, `McpInputRequired` or any class
   * without them says nothing about `structuredContent`, and an empty closed
   * schema would make the SDK clients refuse every answer.
   */
  private returnedClass(prototype: object, methodName: string): Type<object> | undefined {
    const returned: unknown = Reflect.getMetadata('design:returntype', prototype, methodName);
    if (typeof returned !== 'function' || NOT_OUTPUT_TYPES.includes(returned) || returned === McpContent || returned === McpInputRequired) return undefined;
    return getMetadataStorage().getTargetValidationMetadatas(returned, '', true, false).length > 0 ? (returned as Type<object>) : undefined;
  }

  /**
   * A typo in `confirmation` would silently confirm a call the weaker way, or
   * show the person no words: it stops start-up instead.
   */
  private confirmation({ instance, prototype }: McpMethodRef, options: McpToolOptions): McpToolConfirmationDefinition {
    const { confirmation } = options;
    if (confirmation === undefined) return {};
    if (!options.annotations?.destructiveHint) throw new Error(McpMessages.confirmationNotDestructive(options.name));
    const { requirePerson, describe } = confirmation;
    if (requirePerson !== undefined && typeof requirePerson !== 'boolean') throw new Error(McpMessages.confirmationRequirePersonNotBoolean(options.name));
    if (describe === undefined) return { requirePerson };
    const hook: unknown = typeof describe === 'string' ? prototype[describe] : undefined;
    if (typeof hook !== 'function') throw new Error(McpMessages.confirmationDescribeMissing(options.name, instance.constructor.name, String(describe)));
    return { requirePerson, describe: hook.bind(instance) as McpToolConfirmationDefinition['describe'] };
  }

  /** A misnamed task method would fail every `tasks/get`: it stops start-up instead. */
  private task({ instance, prototype }: McpMethodRef, options: McpToolOptions): McpToolTaskDefinition {
    const task = options.task!;
    if (task.support !== 'optional' && task.support !== 'required') throw new Error(McpMessages.taskSupportInvalid(options.name));
    const bind = <T>(role: string, name: string | undefined): T | undefined => {
      if (name === undefined) return undefined;
      const method: unknown = prototype[name];
      if (typeof method !== 'function') throw new Error(McpMessages.taskMethodMissing(options.name, role, instance.constructor.name, String(name)));
      return method.bind(instance) as T;
    };
    return {
      support: task.support,
      status: bind<McpToolTaskDefinition['status']>('status', task.status ?? '')!,
      update: bind<McpToolTaskDefinition['update']>('update', task.update),
      cancel: bind<McpToolTaskDefinition['cancel']>('cancel', task.cancel),
    };
  }

  private guarded(options: McpAccessOptions): McpGuarded {
    return { scopes: Object.freeze([...(options.scopes ?? [])]), roles: Object.freeze([...(options.roles ?? [])]) };
  }

  private invocable({ instance, prototype, methodName }: McpMethodRef, inputType?: Type<object>, inputStandardSchema?: McpStandardSchema): McpInvocable {
    return {
      inputType,
      ...(inputStandardSchema ? { inputStandardSchema } : {}),
      params: this.metadata.getParamBindings(prototype, methodName),
      invoke: prototype[methodName].bind(instance),
      owner: `${instance.constructor.name}.${methodName}`,
    };
  }

  /**
   * The Standard Schema of the arguments: `input` of `@McpTool()` when it is
   * one, or `@McpArgs({ schema })`. Both may name the same constant; two
   * different schemas would leave one of them unused, which is a mistake.
   */
  private argsSchema({ prototype, methodName }: McpMethodRef, options?: McpToolOptions): McpStandardSchema | undefined {
    const declared = this.metadata.getParamBindings(prototype, methodName).find((binding) => binding.kind === 'args')?.schema;
    const input = isStandardSchema(options?.input) ? options.input : undefined;
    if (input && declared && input !== declared) throw new Error(McpMessages.inputTwice(options!.name));
    const schema = input ?? declared;
    if (schema) this.assertStandardPipe(options ? `MCP tool "${options.name}"` : `${(prototype.constructor as Function).name}.${methodName}`);
    return schema;
  }

  /** The tool's `inputSchema` from the input side of its Standard Schema, an object schema as MCP requires. */
  private standardInput(schema: McpStandardSchema, owner: string, name: string): McpJsonSchema {
    const json = this.standardSchemas.create(schema, 'input', owner);
    if (json.type !== 'object') throw new Error(McpMessages.standardInputNotObject(name));
    return json;
  }

  /** Nest 11 has no `StandardSchemaValidationPipe`: a schema there could never be validated as the route would. */
  private assertStandardPipe(owner: string): void {
    if (typeof (StandardSchemaValidationPipe as unknown) !== 'function') throw new Error(McpMessages.standardSchemaNeedsNest12(owner));
  }

  /**
   * The class of the `@McpArgs()` parameter. A tool must have one (its schema
   * comes from it); a prompt may take a plain record instead, left unvalidated.
   */
  private argsType({ prototype, methodName }: McpMethodRef, required: boolean, name: string): Type<object> | undefined {
    const args = this.metadata.getParamBindings(prototype, methodName).find((binding) => binding.kind === 'args');
    if (!args || args.schema) return undefined;
    const type = this.metadata.getParamTypes(prototype, methodName)[args.index];
    if (typeof type === 'function' && type !== Object) return type as Type<object>;
    if (required) throw new Error(McpMessages.missingInputType(name));
    return undefined;
  }
}
