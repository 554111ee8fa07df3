import { Module, NestModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { MCP_PATH, MCP_RESOLVED_OPTIONS } from './mcp.constants';
import { McpConfigurableModuleClass, MCP_MODULE_OPTIONS } from './mcp.module-definition';
import { McpModuleOptions, McpResolvedOptions } from './interfaces/mcp-module-options.interface';
import { resolveMcpOptions } from './mcp.options';
import { McpMetadataAccessor } from './discovery/mcp-metadata.accessor';
import { McpExplorer } from './discovery/mcp.explorer';
import { McpToolRegistry } from './discovery/mcp-tool.registry';
import { McpResourceRegistry } from './discovery/mcp-resource.registry';
import { McpResourceTemplateRegistry } from './discovery/mcp-resource-template.registry';
import { McpPromptRegistry } from './discovery/mcp-prompt.registry';
import { McpCompletionRegistry } from './discovery/mcp-completion.registry';
import { McpDefinitionFactory } from './discovery/mcp-definition.factory';
import { DtoJsonSchemaFactory } from './schema/dto-json-schema.factory';
import { StandardJsonSchemaFactory } from './schema/standard-json-schema.factory';
import { McpBearerStrategy } from './auth/mcp-bearer.strategy';
import { McpDrainGuard } from './guards/mcp-drain.guard';
import { McpOriginGuard } from './guards/mcp-origin.guard';
import { McpContentLengthGuard } from './guards/mcp-content-length.guard';
import { McpAuthGuard } from './guards/mcp-auth.guard';
import { McpMessageGuard } from './guards/mcp-message.guard';
import { McpEraGuard } from './guards/mcp-era.guard';
import { McpGlobalPrefixPolicy } from './transport/mcp-global-prefix.policy';
import { McpTransportSelector } from './transport/mcp-transport-selector.service';
import { McpHttpTransport } from './interfaces/mcp-http-transport.interface';
import { McpHeaderMismatchGuard } from './guards/mcp-header-mismatch.guard';
import { McpExceptionFilter } from './errors/mcp-exception.filter';
import { McpDispatcher } from './dispatch/mcp-dispatcher.service';
import { McpServerDescription } from './discovery/mcp-server-description.service';
import { McpToolInvoker } from './invokers/mcp-tool-invoker.service';
import { McpProviderInvoker } from './invokers/mcp-provider-invoker.service';
import { McpMethodHandlers } from './dispatch/mcp-method.handler';
import { InitializeHandler } from './dispatch/handlers/initialize.handler';
import { PingHandler } from './dispatch/handlers/ping.handler';
import { DiscoverHandler } from './dispatch/handlers/discover.handler';
import { ToolsListHandler } from './dispatch/handlers/tools-list.handler';
import { ToolsCallHandler } from './dispatch/handlers/tools-call.handler';
import { ResourcesListHandler } from './dispatch/handlers/resources-list.handler';
import { ResourcesTemplatesListHandler } from './dispatch/handlers/resources-templates-list.handler';
import { ResourcesReadHandler } from './dispatch/handlers/resources-read.handler';
import { PromptsListHandler } from './dispatch/handlers/prompts-list.handler';
import { PromptsGetHandler } from './dispatch/handlers/prompts-get.handler';
import { CompletionCompleteHandler } from './dispatch/handlers/completion-complete.handler';
import { MCP_LIMITS_PROVIDERS } from './limits/mcp-limits.provider';
import { McpDrainService } from './limits/mcp-drain.service';
import { McpConfirmationStore } from './interfaces/mcp-confirmation-store.interface';
import { McpTokenVerifier } from './interfaces/mcp-token-verifier.interface';
import { McpRequestStateSigner } from './confirmation/mcp-request-state.codec';
import { McpElicitationConfirmer } from './confirmation/mcp-elicitation.strategy';
import { McpApprovalConfirmer } from './confirmation/mcp-approval.strategy';
import { McpConfirmationGate } from './confirmation/mcp-confirmation.service';
import { McpTelemetry } from './telemetry/mcp-telemetry.service';
import { McpAuditSink } from './interfaces/mcp-audit-sink.interface';
import { McpAuditEmitter } from './audit/mcp-audit.service';
import { McpTaskStore } from './interfaces/mcp-task.interface';
import { McpTasks } from './tasks/mcp-tasks.service';
import { TasksGetHandler } from './dispatch/handlers/tasks-get.handler';
import { TasksUpdateHandler } from './dispatch/handlers/tasks-update.handler';
import { TasksCancelHandler } from './dispatch/handlers/tasks-cancel.handler';

const METHOD_HANDLERS = [
  InitializeHandler,
  PingHandler,
  DiscoverHandler,
  ToolsListHandler,
  ToolsCallHandler,
  ResourcesListHandler,
  ResourcesTemplatesListHandler,
  ResourcesReadHandler,
  PromptsListHandler,
  PromptsGetHandler,
  CompletionCompleteHandler,
  TasksGetHandler,
  TasksUpdateHandler,
  TasksCancelHandler,
];
const REGISTRIES = [McpToolRegistry, McpResourceRegistry, McpResourceTemplateRegistry, McpPromptRegistry, McpCompletionRegistry];

/**
 * Serves the host's `@McpTool()`, `@McpResource()`, `@McpResourceTemplate()`,
 * `@McpPrompt()` and `@McpCompletion()` methods at one stateless MCP
 * endpoint, in both protocol eras. A host that needs another rule in one of
 * the steps documented "Overridable" gives a subclass in `overrides`.
 *
 * @example
 * ```ts
 * McpModule.forRootAsync({
 *   path: '/mcp',
 *   imports: [IdentityModule],
 *   inject: [TokenVerifier],
 *   useFactory: (verifier) => ({ serverInfo: { name: 'kadu', version: '1.0.0' }, verifier }),
 * })
 * ```
 */
@Module({
  imports: [DiscoveryModule, PassportModule],
  providers: [
    {
      provide: MCP_RESOLVED_OPTIONS,
      inject: [MCP_MODULE_OPTIONS, MCP_PATH],
      useFactory: (options: McpModuleOptions, path: string) => resolveMcpOptions(options, path),
    },
    McpTransportSelector,
    McpGlobalPrefixPolicy,
    { provide: McpHttpTransport, useExisting: McpTransportSelector },
    McpMetadataAccessor,
    ...REGISTRIES,
    McpDefinitionFactory,
    McpExplorer,
    DtoJsonSchemaFactory,
    StandardJsonSchemaFactory,
    // A provider of its own, so a test swaps the verifier with `overrideProvider(McpTokenVerifier)` (see `@kobana/mcp/testing`).
    { provide: McpTokenVerifier, inject: [MCP_RESOLVED_OPTIONS], useFactory: (options: McpResolvedOptions) => options.verifier },
    McpBearerStrategy,
    McpDrainGuard,
    McpOriginGuard,
    McpContentLengthGuard,
    McpAuthGuard,
    McpMessageGuard,
    McpEraGuard,
    McpHeaderMismatchGuard,
    McpExceptionFilter,
    ...MCP_LIMITS_PROVIDERS,
    McpServerDescription,
    McpProviderInvoker,
    McpToolInvoker,
    { provide: McpConfirmationStore, inject: [MCP_RESOLVED_OPTIONS], useFactory: (options: McpResolvedOptions) => options.confirmationStore },
    McpRequestStateSigner,
    McpElicitationConfirmer,
    McpApprovalConfirmer,
    McpConfirmationGate,
    McpTelemetry,
    { provide: McpAuditSink, inject: [MCP_RESOLVED_OPTIONS], useFactory: (options: McpResolvedOptions) => options.auditSink },
    McpAuditEmitter,
    { provide: McpTaskStore, inject: [MCP_RESOLVED_OPTIONS], useFactory: (options: McpResolvedOptions) => options.taskStore },
    McpTasks,
    McpDispatcher,
    ...METHOD_HANDLERS,
    { provide: McpMethodHandlers, inject: METHOD_HANDLERS, useFactory: (...handlers: unknown[]) => handlers },
  ],
  exports: [...REGISTRIES, MCP_RESOLVED_OPTIONS, McpDrainService, McpConfirmationStore, McpAuditEmitter, McpTaskStore],
})
export class McpModule extends McpConfigurableModuleClass implements NestModule {
  constructor(private readonly globalPrefix: McpGlobalPrefixPolicy) {
    super();
  }

  /**
   * No middleware: the hook is where Nest lets a module act after the
   * application's `setGlobalPrefix` and before its routes are registered
   * (see {@link McpGlobalPrefixPolicy}).
   */
  configure(): void {
    this.globalPrefix.check();
  }
}
