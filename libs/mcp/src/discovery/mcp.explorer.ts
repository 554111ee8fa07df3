import { Injectable, Logger, OnModuleInit, Type } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper';
import { McpMetadataAccessor } from './mcp-metadata.accessor';
import { McpToolRegistry } from './mcp-tool.registry';
import { McpToolOptions } from '../interfaces/mcp-tool-options.interface';
import { McpToolDefinition, McpToolDescriptor } from '../interfaces/mcp-tool-definition.interface';
import { DtoJsonSchemaFactory } from '../schema/dto-json-schema.factory';
import { McpJsonSchema } from '../schema/json-schema.interface';
import { McpMessages } from '../mcp.messages';

const EMPTY_INPUT_SCHEMA: McpJsonSchema = Object.freeze({ type: 'object', properties: {}, additionalProperties: false });

/**
 * Finds every `@McpTool()` method of the application's providers at start-up
 * and registers it with everything a call needs already prepared: schema,
 * header bindings, parameter bindings and the bound method.
 */
@Injectable()
export class McpExplorer implements OnModuleInit {
  private readonly logger = new Logger('McpModule');

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly metadata: McpMetadataAccessor,
    private readonly schemas: DtoJsonSchemaFactory,
    private readonly registry: McpToolRegistry,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      this.explore(wrapper);
    }
  }

  private explore(wrapper: InstanceWrapper): void {
    const { instance } = wrapper;
    if (!instance || typeof instance !== 'object' || wrapper.isAlias) return;
    const prototype = Object.getPrototypeOf(instance);
    for (const methodName of this.scanner.getAllMethodNames(prototype)) {
      const options = this.metadata.getToolOptions(prototype[methodName]);
      if (!options) continue;
      if (!wrapper.isDependencyTreeStatic()) {
        this.logger.warn(McpMessages.requestScopedTool(wrapper.name, methodName));
        continue;
      }
      this.registry.register(this.define(instance, prototype, methodName, options));
    }
  }

  private define(instance: object, prototype: any, methodName: string, options: McpToolOptions): McpToolDefinition {
    const params = this.metadata.getParamBindings(prototype, methodName);
    const inputType = this.inputTypeOf(prototype, methodName, options);
    const inputSchema = inputType ? this.schemas.create(inputType) : EMPTY_INPUT_SCHEMA;
    const descriptor: McpToolDescriptor = {
      name: options.name,
      ...(options.title ? { title: options.title } : {}),
      description: options.description,
      inputSchema,
      annotations: {
        ...(options.title ? { title: options.title } : {}),
        readOnlyHint: options.annotations?.readOnlyHint ?? false,
        destructiveHint: options.annotations?.destructiveHint ?? false,
        idempotentHint: options.annotations?.idempotentHint ?? false,
        openWorldHint: false,
      },
    };
    return {
      name: options.name,
      options,
      descriptor: deepFreeze(descriptor),
      scopes: Object.freeze([...(options.scopes ?? [])]),
      roles: Object.freeze([...(options.roles ?? [])]),
      inputType,
      params,
      headers: inputType ? this.schemas.headers(inputType) : [],
      invoke: prototype[methodName].bind(instance),
      owner: `${instance.constructor.name}.${methodName}`,
    };
  }

  private inputTypeOf(prototype: object, methodName: string, options: McpToolOptions): Type<object> | undefined {
    if (options.input) return options.input as Type<object>;
    const args = this.metadata.getParamBindings(prototype, methodName).find((binding) => binding.kind === 'args');
    if (!args) return undefined;
    const type = this.metadata.getParamTypes(prototype, methodName)[args.index];
    if (typeof type !== 'function' || type === Object) throw new Error(McpMessages.missingInputType(options.name));
    return type as Type<object>;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
