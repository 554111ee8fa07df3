import { Inject, Injectable } from '@nestjs/common';
import { MCP_RESOLVED_OPTIONS, MCP_META } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpEra } from '../interfaces/mcp-request.interface';
import { McpToolRegistry } from './mcp-tool.registry';
import { McpResourceRegistry } from './mcp-resource.registry';
import { McpResourceTemplateRegistry } from './mcp-resource-template.registry';
import { McpPromptRegistry } from './mcp-prompt.registry';
import { McpCompletionRegistry } from './mcp-completion.registry';
import { deepFreeze } from './mcp-descriptor.util';
import { MCP_TASKS_EXTENSION } from '../tasks/mcp-task.constants';

/** A server capability, and the family of methods it announces. */
export type McpCapability = 'tools' | 'resources' | 'prompts' | 'completions';

/** Era 2025 spells out the notifications the server never sends; era 2026 answers `{}` for each capability. */
const LEGACY_CAPABILITY_SHAPES: Record<McpCapability, object> = {
  tools: { listChanged: false },
  resources: { subscribe: false, listChanged: false },
  prompts: { listChanged: false },
  completions: {},
};

/** What the server says about itself, prepared once. */
@Injectable()
export class McpServerDescription {
  /** `_meta` of every era-2026 result. */
  readonly resultMeta: Readonly<Record<string, unknown>>;
  private readonly capabilitiesByEra = new Map<McpEra, Readonly<Record<string, unknown>>>();
  private tasksOffered?: boolean;

  constructor(
    @Inject(MCP_RESOLVED_OPTIONS) readonly options: McpResolvedOptions,
    private readonly tools: McpToolRegistry,
    private readonly resources: McpResourceRegistry,
    private readonly templates: McpResourceTemplateRegistry,
    private readonly prompts: McpPromptRegistry,
    private readonly completions: McpCompletionRegistry,
  ) {
    this.resultMeta = Object.freeze({ [MCP_META.serverInfo]: options.serverInfo });
  }

  /**
   * Capabilities by era: `tools` always, the others only when the host
   * registered something of that kind. Computed on first use, because the
   * registries are filled in `onModuleInit`, after this is built.
   */
  capabilities(era: McpEra): Readonly<Record<string, unknown>> {
    let capabilities = this.capabilitiesByEra.get(era);
    if (!capabilities) {
      capabilities = deepFreeze({
        ...Object.fromEntries(this.offered().map((capability) => [capability, era === '2025' ? { ...LEGACY_CAPABILITY_SHAPES[capability] } : {}])),
        // The tasks extension is per request, so only the stateless era can use it (docs/tasks.md).
        ...(era === '2026' && this.offersTasks() ? { extensions: { [MCP_TASKS_EXTENSION]: {} } } : {}),
      });
      this.capabilitiesByEra.set(era, capabilities);
    }
    return capabilities;
  }

  /** Whether some tool can run as a task: then the tasks extension is announced and its methods exist. */
  offersTasks(): boolean {
    // Read on first use, as the capabilities are: the registry is filled in `onModuleInit`.
    this.tasksOffered ??= this.tools.list().some((tool) => tool.task !== undefined);
    return this.tasksOffered;
  }

  /** Whether a capability is announced: a method of one that is not does not exist (-32601). */
  announces(capability: McpCapability): boolean {
    return capability in this.capabilities('2026');
  }

  /** Every scope some tool, resource, template or prompt needs (advertised in the Protected Resource Metadata). */
  scopes(): string[] {
    const registries = [this.tools, this.resources, this.templates, this.prompts];
    return [...new Set(registries.flatMap((registry) => registry.scopes()))].sort();
  }

  get instructions(): string | undefined {
    return this.options.instructions;
  }

  get serverInfo() {
    return this.options.serverInfo;
  }

  private offered(): McpCapability[] {
    const present: Record<McpCapability, boolean> = {
      tools: true,
      resources: this.resources.list().length + this.templates.list().length > 0,
      prompts: this.prompts.list().length > 0,
      completions: this.completions.list().length > 0,
    };
    return (Object.keys(present) as McpCapability[]).filter((capability) => present[capability]);
  }
}
