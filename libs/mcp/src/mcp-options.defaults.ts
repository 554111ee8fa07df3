import { McpModuleOptions, McpResolvedOptions } from './interfaces/mcp-module-options.interface';

/** 1 MiB, the same limit as the API. */
export const MCP_DEFAULT_MAX_BODY_BYTES = 1_048_576;

/** The host's REST ValidationPipe options that Nest apps most often use. */
export const MCP_DEFAULT_VALIDATION = { whitelist: true, forbidNonWhitelisted: true, transform: true } as const;

/** The only place defaults are merged. */
export function resolveMcpOptions(options: McpModuleOptions, path: string): McpResolvedOptions {
  return {
    ...options,
    path,
    authorizationServers: options.authorizationServers ?? [],
    resourceName: options.resourceName ?? options.serverInfo.title ?? options.serverInfo.name,
    allowedOrigins: options.allowedOrigins ?? ['localhost'],
    maxBodyBytes: options.maxBodyBytes ?? MCP_DEFAULT_MAX_BODY_BYTES,
    validation: options.validation ?? { ...MCP_DEFAULT_VALIDATION },
    installBodyParsers: options.installBodyParsers ?? true,
    rawBody: options.rawBody ?? false,
    publicUrl: options.publicUrl?.replace(/\/+$/, ''),
  };
}
