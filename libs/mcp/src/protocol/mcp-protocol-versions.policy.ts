import { MCP_ERA_2026, MCP_SUPPORTED_VERSIONS } from '../mcp.constants';

/** Whether the module speaks this version (`MCP_SUPPORTED_VERSIONS`). */
export function isSupportedVersion(version: unknown): version is string {
  return typeof version === 'string' && (MCP_SUPPORTED_VERSIONS as readonly string[]).includes(version);
}

/** A version of the stateless era or later (`YYYY-MM-DD` from 2026 on). */
export function isStatelessEraVersion(version: string): boolean {
  return version === MCP_ERA_2026 || (/^\d{4}-\d{2}-\d{2}$/.test(version) && version >= '2026');
}
