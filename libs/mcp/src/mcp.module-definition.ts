import { ConfigurableModuleBuilder } from '@nestjs/common';
import { McpModuleExtras, McpModuleOptions } from './interfaces/mcp-module-options.interface';
import { MCP_PATH } from './mcp.constants';
import { createMcpController } from './controller/mcp.controller';
import { resolveMcpOverrides } from './mcp-overrides.provider';
import { createMcpResourceMetadataController } from './auth/mcp-resource-metadata.controller';

/**
 * `forRoot` / `forRootAsync` come from Nest's builder. The endpoint path and
 * the overrides are extras, not async options: routes (and the guards and
 * filter declared with them) are declared before any options
 * factory runs, so both must be known when the module is defined.
 */
export const {
  ConfigurableModuleClass: McpConfigurableModuleClass,
  MODULE_OPTIONS_TOKEN: MCP_MODULE_OPTIONS,
  OPTIONS_TYPE: MCP_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: MCP_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<McpModuleOptions>()
  .setClassMethodName('forRoot')
  .setExtras<McpModuleExtras>({ path: '/mcp', overrides: [] }, (definition, extras) => {
    const path = normalizePath(extras.path);
    const overrides = extras.overrides ?? [];
    const use = resolveMcpOverrides(overrides);
    return {
      ...definition,
      controllers: [...(definition.controllers ?? []), createMcpController(path, use), createMcpResourceMetadataController(path)],
      // Nest registers a dynamic module's providers after those of its @Module(), so an override replaces
      // the provider of its class wherever that class is injected (the controller, the method table).
      providers: [...(definition.providers ?? []), { provide: MCP_PATH, useValue: path }, ...overrides],
    };
  })
  .build();

/** `/mcp`, `mcp/` and ` /mcp ` all mean `/mcp`. */
export function normalizePath(path: string): string {
  const trimmed = path.trim().replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}
