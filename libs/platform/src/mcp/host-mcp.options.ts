import type { DynamicModule } from '@nestjs/common';
import { ApprovalKeys, confirmationOptions, DatabaseConfirmationStore } from '@kobana/approvals';
import { DatabaseAuditSink } from '@kobana/audit';
import { messageOnDatabaseError, retryAfterOnDatabaseError } from '@kobana/database';
import { STRICT_VALIDATION_OPTIONS } from '@kobana/host-kit';
import { McpModule, McpModuleOptions } from '@kobana/mcp';
import { OAUTH_UNPARSED_PATHS, OAuthBearerVerifier } from '@kobana/oauth';
import type { HostSettings } from '../config/host-settings.interface';
import { HOST_SETTINGS } from '../host.constants';
import type { HostDescriptor } from '../host-descriptor.interface';

/** @default of `HostMcpDescriptor.path`. */
export const DEFAULT_MCP_PATH = '/mcp';

/** @default of `HostDescriptor.version`. */
export const DEFAULT_HOST_VERSION = '1.0.0';

/**
 * The `McpModule` options every host gets, before its own (`mcp.options`)
 * are merged over them: who it is, its tokens (OAuth and personal, by the
 * authorization server's verifier), its public origin and authorization
 * server (itself), the REST validation options (tool arguments are
 * validated as route bodies are), the body parsers leaving the
 * authorization server's paths unread, confirmations by the approval flow
 * (requestState signed with a key from the signing secret), the audit
 * trail, and a transient database fault (locked, deadlock, pool busy)
 * answered 503 -32030, retryable, not 500 -32603.
 */
export function platformMcpOptions(
  host: HostDescriptor,
  settings: HostSettings,
  verifier: OAuthBearerVerifier,
  store: DatabaseConfirmationStore,
  keys: ApprovalKeys,
  auditSink: DatabaseAuditSink,
): McpModuleOptions {
  return {
    serverInfo: { name: host.serverName ?? host.name, title: host.title, version: host.version ?? DEFAULT_HOST_VERSION },
    verifier,
    publicUrl: settings.PUBLIC_URL,
    authorizationServers: [settings.PUBLIC_URL],
    instructions: host.mcp.instructions,
    validation: { ...STRICT_VALIDATION_OPTIONS },
    unparsedPaths: [...(host.mcp.unparsedPaths ?? []), ...OAUTH_UNPARSED_PATHS],
    availability: { unavailableFor: () => undefined, retryAfterOnError: retryAfterOnDatabaseError, messageOnError: messageOnDatabaseError },
    ...confirmationOptions(store, keys),
    auditSink,
  };
}

/**
 * The MCP endpoint of `host`. `PlatformModule` imports it before the API's
 * modules: Express tries routes in the order they were registered, and a
 * `/mcp` call would otherwise walk every `/api/v1` route and page first
 * (about a tenth of a tool call's CPU in the benchmark).
 */
export function hostMcpEndpoint(host: HostDescriptor, flows: DynamicModule): DynamicModule {
  const extra = host.mcp.options;
  const own = extra?.inject?.length ?? 0;
  return McpModule.forRootAsync({
    path: host.mcp.path ?? DEFAULT_MCP_PATH,
    imports: [flows, ...(extra?.imports ?? [])],
    inject: [HOST_SETTINGS, OAuthBearerVerifier, DatabaseConfirmationStore, ApprovalKeys, DatabaseAuditSink, ...(extra?.inject ?? [])],
    useFactory: (
      settings: HostSettings,
      verifier: OAuthBearerVerifier,
      store: DatabaseConfirmationStore,
      keys: ApprovalKeys,
      auditSink: DatabaseAuditSink,
      ...args: unknown[]
    ) => ({
      ...platformMcpOptions(host, settings, verifier, store, keys, auditSink),
      ...extra?.useFactory(...args.slice(0, own)),
    }),
  });
}
