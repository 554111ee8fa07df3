import { ConfigurableModuleBuilder } from '@nestjs/common';
import { McpModuleExtras, McpModuleOptions } from './interfaces/mcp-module-options.interface';
import { MCP_PATH } from './mcp.constants';
import { createMcpController } from './controller/mcp.controller';
import { createMcpResourceMetadataController } from './auth/mcp-resource-metadata.controller';

/**
 * `forRoot` / `forRootAsync` come from Nest's builder. The endpoint path is
 * an extra, not an async option: routes are declared before any options
 * factory runs, so the path must be known when the module is defined.
 */
export const {
  ConfigurableModuleClass: McpConfigurableModuleClass,
  MODULE_OPTIONS_TOKEN: MCP_MODULE_OPTIONS,
  OPTIONS_TYPE: MCP_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: MCP_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<McpModuleOptions>()
  .setClassMethodName('forRoot')
  .setExtras<McpModuleExtras>({ path: '/mcp' }, (definition, extras) => {
    const path = normalizePath(extras.path);
    return {
      ...definition,
      controllers: [...(definition.controllers ?? []), createMcpController(path), createMcpResourceMetadataController(path)],
      providers: [...(definition.providers ?? []), { provide: MCP_PATH, useValue: path }],
    };
  })
  .build();

/** `/mcp`, `mcp/` and ` /mcp ` all mean `/mcp`. */
export function normalizePath(path: string): string {
  const trimmed = path.trim().replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}
