import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper';
import { McpMetadataAccessor } from './mcp-metadata.accessor';
import { McpDefinitionFactory, McpMethodRef } from './mcp-definition.factory';
import { McpToolRegistry } from './mcp-tool.registry';
import { McpResourceRegistry } from './mcp-resource.registry';
import { McpResourceTemplateRegistry } from './mcp-resource-template.registry';
import { McpPromptRegistry } from './mcp-prompt.registry';
import { McpCompletionRegistry, describeCompletionRef } from './mcp-completion.registry';
import { McpMessages } from '../mcp.messages';

/**
 * Finds every `@McpTool()`, `@McpResource()`, `@McpResourceTemplate()`,
 * `@McpPrompt()` and `@McpCompletion()` method of the application's
 * providers at start-up and registers its prepared definition.
 */
@Injectable()
export class McpExplorer implements OnModuleInit {
  private readonly logger = new Logger('McpModule');

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly metadata: McpMetadataAccessor,
    private readonly definitions: McpDefinitionFactory,
    private readonly tools: McpToolRegistry,
    private readonly resources: McpResourceRegistry,
    private readonly templates: McpResourceTemplateRegistry,
    private readonly prompts: McpPromptRegistry,
    private readonly completions: McpCompletionRegistry,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      this.explore(wrapper);
    }
    this.checkCompletionTargets();
  }

  private explore(wrapper: InstanceWrapper): void {
    const { instance } = wrapper;
    if (!instance || typeof instance !== 'object' || wrapper.isAlias) return;
    const prototype = Object.getPrototypeOf(instance);
    for (const methodName of this.scanner.getAllMethodNames(prototype)) {
      if (!this.metadata.isMcpMethod(prototype[methodName])) continue;
      if (!wrapper.isDependencyTreeStatic()) {
        this.logger.warn(McpMessages.requestScopedMethod(wrapper.name, methodName));
        continue;
      }
      this.register({ instance, prototype, methodName });
    }
  }

  /** One method may serve several roles (a tool that is also a resource): each decorator registers its own definition. */
  private register(method: McpMethodRef): void {
    const target = method.prototype[method.methodName];
    const tool = this.metadata.getToolOptions(target);
    if (tool) this.tools.register(this.definitions.tool(method, tool));
    const resource = this.metadata.getResourceOptions(target);
    if (resource) this.resources.register(this.definitions.resource(method, resource));
    const template = this.metadata.getResourceTemplateOptions(target);
    if (template) this.templates.register(this.definitions.resourceTemplate(method, template));
    const prompt = this.metadata.getPromptOptions(target);
    if (prompt) this.prompts.register(this.definitions.prompt(method, prompt));
    const completion = this.metadata.getCompletionOptions(target);
    if (completion) this.completions.register(this.definitions.completion(method, completion));
  }

  /**
   * Checked once every provider is registered (their order is arbitrary): a
   * completion for an argument its prompt or template does not declare could
   * never be asked for, which is a typo to report at start-up.
   */
  private checkCompletionTargets(): void {
    for (const completion of this.completions.list()) {
      const { ref, argument } = completion.options;
      const declared =
        ref.type === 'ref/prompt'
          ? this.prompts.get(ref.name)?.options.arguments?.map((declaredArgument) => declaredArgument.name)
          : this.templates.get(ref.uri)?.template.variables;
      if (!declared?.includes(argument)) {
        throw new Error(McpMessages.orphanCompletion(completion.owner, describeCompletionRef(ref), argument));
      }
    }
  }
}
