export { McpModule } from './mcp.module';
export { MCP_OPTIONS_TYPE, MCP_ASYNC_OPTIONS_TYPE } from './mcp.module-definition';
export { MCP_RESOLVED_OPTIONS, MCP_SUPPORTED_VERSIONS, JsonRpcErrorCode, X_MCP_SENSITIVE } from './mcp.constants';
export { McpTool } from './decorators/mcp-tool.decorator';
export { McpResource } from './decorators/mcp-resource.decorator';
export { McpResourceTemplate } from './decorators/mcp-resource-template.decorator';
export { McpPrompt } from './decorators/mcp-prompt.decorator';
export { McpCompletion } from './decorators/mcp-completion.decorator';
export { McpResourceParams } from './decorators/mcp-resource-params.decorator';
export { McpCompletionValue } from './decorators/mcp-completion-value.decorator';
export { McpCaller } from './decorators/mcp-caller.decorator';
export { McpArgs } from './decorators/mcp-args.decorator';
export type { McpArgsOptions } from './decorators/mcp-args.decorator';
export { McpContext } from './decorators/mcp-context.decorator';
export { McpHeader } from './schema/mcp-header.decorator';
export { DtoJsonSchemaFactory } from './schema/dto-json-schema.factory';
export { StandardJsonSchemaFactory } from './schema/standard-json-schema.factory';
export type { McpStandardSchemaSide } from './schema/standard-json-schema.factory';
export type {
  McpStandardSchema,
  McpStandardIssue,
  McpStandardResult,
  McpStandardJsonSchemaConverter,
  McpStandardSchemaValidationOptions,
} from './interfaces/mcp-standard-schema.interface';
export { McpTokenVerifier } from './interfaces/mcp-token-verifier.interface';
export { McpToolRegistry } from './discovery/mcp-tool.registry';
export { McpResourceRegistry } from './discovery/mcp-resource.registry';
export { McpResourceTemplateRegistry } from './discovery/mcp-resource-template.registry';
export { McpPromptRegistry } from './discovery/mcp-prompt.registry';
export { McpCompletionRegistry } from './discovery/mcp-completion.registry';
export { McpAuthGuard } from './guards/mcp-auth.guard';
export { McpOriginGuard } from './guards/mcp-origin.guard';
export { McpHeaderMismatchGuard } from './guards/mcp-header-mismatch.guard';
export { McpRateLimiter } from './limits/mcp-rate-limiter.service';
export { McpProviderInvoker } from './invokers/mcp-provider-invoker.service';
export { ResourcesReadHandler } from './dispatch/handlers/resources-read.handler';
export type { McpResourceTarget } from './dispatch/handlers/resources-read.handler';
export { McpExceptionFilter } from './errors/mcp-exception.filter';
export { JsonRpcException } from './errors/json-rpc.error';
export { McpAuthException } from './errors/mcp-auth-challenge.error';
export { McpRateLimitStorage } from './interfaces/mcp-rate-limit-storage.interface';
export type { McpRateLimitRecord } from './interfaces/mcp-rate-limit-storage.interface';
export { McpMemoryRateLimitStorage } from './limits/mcp-memory-rate-limit.store';
export { McpRedisRateLimitStorage } from './limits/mcp-redis-rate-limit.store';
export type { McpRedisClient } from './limits/mcp-redis-rate-limit.store';
export { McpAvailability } from './interfaces/mcp-availability.interface';
export type { McpAvailabilityCall } from './interfaces/mcp-availability.interface';
export { McpDrainService } from './limits/mcp-drain.service';
export { MCP_DEFAULT_RATE_LIMITS, MCP_DEFAULT_DRAIN } from './limits/mcp-limits.options';
export type { McpRateLimitOptions, McpRateLimitRule, McpDrainOptions } from './interfaces/mcp-limits-options.interface';
export type { McpRateLimitClass } from './interfaces/mcp-limits-options.interface';
export { McpConfirmationStore } from './interfaces/mcp-confirmation-store.interface';
export type { McpApproval, McpApprovalKey, McpApprovalStatus, McpNewApproval } from './interfaces/mcp-confirmation-store.interface';
export { McpMemoryConfirmationStore } from './confirmation/mcp-memory-confirmation.store';
export { McpTaskStore } from './interfaces/mcp-task.interface';
export type { McpTaskChange, McpTaskError, McpTaskInputRequest, McpTaskRecord, McpTaskState, McpTaskStatus } from './interfaces/mcp-task.interface';
export { McpMemoryTaskStore } from './tasks/mcp-memory-task.store';
export { MCP_TASKS_EXTENSION, MCP_FINAL_TASK_STATUSES } from './tasks/mcp-task.constants';
export { McpContent } from './results/mcp-content.view';
export { McpInputRequired } from './results/mcp-input-required.view';
export type { McpInputRequest } from './results/mcp-input-required.view';
export type { McpContentBlock } from './interfaces/mcp-content.interface';
export type { McpModuleOptions, McpServerInfo, McpOverride } from './interfaces/mcp-module-options.interface';
export { drainRequestBody } from './transport/request-body-drain.util';
export type { RequestBodyDrainOptions } from './transport/request-body-drain.util';
export type { McpHttpRequest, McpRequestState, McpEra } from './interfaces/mcp-request.interface';
export { McpHttpTransport } from './interfaces/mcp-http-transport.interface';
export type { McpHttpResponse, McpBodyRefusal } from './interfaces/mcp-http-transport.interface';
export type { McpInvocable } from './interfaces/mcp-definition.interface';
export type { McpToolOptions, McpToolAnnotations, McpToolConfirmation, McpToolTask } from './interfaces/mcp-tool-options.interface';
export type { McpToolDefinition, McpToolDescriptor, McpToolConfirmationDefinition } from './interfaces/mcp-tool-definition.interface';
export type { McpAccessOptions } from './interfaces/mcp-access-options.interface';
export type { McpResourceOptions, McpResourceTemplateOptions } from './interfaces/mcp-resource-options.interface';
export type {
  McpResourceDefinition,
  McpResourceDescriptor,
  McpResourceTemplateDefinition,
  McpResourceTemplateDescriptor,
} from './interfaces/mcp-resource-definition.interface';
export type { McpPromptOptions, McpPromptArgument, McpPromptMessage } from './interfaces/mcp-prompt-options.interface';
export type { McpPromptDefinition, McpPromptDescriptor } from './interfaces/mcp-prompt-definition.interface';
export type { McpCompletionOptions, McpCompletionRef } from './interfaces/mcp-completion-options.interface';
export type { McpCompletionDefinition } from './interfaces/mcp-completion-definition.interface';
export type { McpCallContext, McpCompletionContext } from './interfaces/mcp-call-context.interface';
export type { McpJsonSchema } from './interfaces/json-schema.interface';
export { McpAuditSink, MCP_AUDIT_DECISIONS, MCP_AUDIT_OUTCOMES } from './interfaces/mcp-audit-sink.interface';
export type { McpAuditEvent, McpAuditDecision, McpAuditOutcome, McpAuditClientInfo } from './interfaces/mcp-audit-sink.interface';
export { McpAuditEmitter } from './audit/mcp-audit.service';
export { McpNoopAuditSink } from './audit/mcp-noop-audit-sink.provider';
export { McpSensitive } from './decorators/mcp-sensitive.decorator';
export type { McpSensitiveOptions } from './decorators/mcp-sensitive.decorator';
