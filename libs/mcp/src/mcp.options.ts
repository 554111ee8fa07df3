import { randomBytes } from 'node:crypto';
import { McpModuleOptions, McpResolvedOptions } from './interfaces/mcp-module-options.interface';
import { ALWAYS_AVAILABLE, resolveDrain, resolveRateLimit } from './limits/mcp-limits.options';
import { McpMemoryConfirmationStore } from './confirmation/mcp-memory-confirmation.store';
import { McpNoopAuditSink } from './audit/mcp-noop-audit-sink.provider';
import { McpMemoryTaskStore } from './tasks/mcp-memory-task.store';

/** 1 MiB, the same limit as the API. */
export const MCP_DEFAULT_MAX_BODY_BYTES = 1_048_576;

/** The host's REST ValidationPipe options that Nest apps most often use. */
export const MCP_DEFAULT_VALIDATION = { whitelist: true, forbidNonWhitelisted: true, transform: true } as const;

/** docs/protocol.md §7: a confirmation's `requestState` lives 5 minutes. */
export const MCP_DEFAULT_CONFIRMATION_TTL_SECONDS = 300;

/** docs/protocol.md §7: an approval link lives 10 minutes. */
export const MCP_DEFAULT_APPROVAL_TTL_SECONDS = 600;

/** A task can be read for a day after it was created: Kadu's runs are queued, and may wait behind others. */
export const MCP_DEFAULT_TASK_TTL_MS = 86_400_000;

/** Two seconds between polls: a run's status changes at the pace of its steps, not faster. */
export const MCP_DEFAULT_TASK_POLL_INTERVAL_MS = 2_000;

/** The only place defaults are merged. */
export function resolveMcpOptions(options: McpModuleOptions, path: string): McpResolvedOptions {
  const publicUrl = options.publicUrl?.replace(/\/+$/, '');
  return {
    ...options,
    path,
    authorizationServers: options.authorizationServers ?? [],
    resourceName: options.resourceName ?? options.serverInfo.title ?? options.serverInfo.name,
    allowedOrigins: options.allowedOrigins ?? ['localhost'],
    maxBodyBytes: options.maxBodyBytes ?? MCP_DEFAULT_MAX_BODY_BYTES,
    validation: options.validation ?? { ...MCP_DEFAULT_VALIDATION },
    standardSchemaValidation: options.standardSchemaValidation ?? {},
    installBodyParsers: options.installBodyParsers ?? true,
    unparsedPaths: options.unparsedPaths ?? [],
    rawBody: options.rawBody ?? false,
    rateLimit: resolveRateLimit(options.rateLimit),
    drain: resolveDrain(options.drain),
    availability: options.availability ?? ALWAYS_AVAILABLE,
    retryAfterOn503: options.retryAfterOn503 ?? true,
    publicUrl,
    confirmationSecret: options.confirmationSecret ?? randomBytes(32),
    confirmationTtlSeconds: options.confirmationTtlSeconds ?? MCP_DEFAULT_CONFIRMATION_TTL_SECONDS,
    confirmationRequiresPerson: options.confirmationRequiresPerson ?? false,
    approvalTtlSeconds: options.approvalTtlSeconds ?? MCP_DEFAULT_APPROVAL_TTL_SECONDS,
    approvalUrl: options.approvalUrl ?? ((id) => `${publicUrl ?? ''}/approvals/${encodeURIComponent(id)}`),
    confirmationStore: options.confirmationStore ?? new McpMemoryConfirmationStore(),
    auditSink: options.auditSink ?? new McpNoopAuditSink(),
    taskStore: options.taskStore ?? new McpMemoryTaskStore(),
    taskTtlMs: options.taskTtlMs ?? MCP_DEFAULT_TASK_TTL_MS,
    taskPollIntervalMs: options.taskPollIntervalMs ?? MCP_DEFAULT_TASK_POLL_INTERVAL_MS,
  };
}
