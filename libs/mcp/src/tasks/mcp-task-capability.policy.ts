import { MCP_META } from '../mcp.constants';
import { McpMethodContext } from '../interfaces/mcp-method-context.interface';
import { MCP_TASKS_EXTENSION } from './mcp-task.constants';

/**
 * Whether this request declares the tasks extension in its own capabilities
 * (era 2026: `_meta["io.modelcontextprotocol/clientCapabilities"].extensions`).
 * Per request, never remembered: a server may answer a task only to a
 * request that says it can follow one. Era 2025 has no per-request capabilities: never.
 */
export function declaresTasks({ era, state }: Pick<McpMethodContext, 'era' | 'state'>): boolean {
  if (era !== '2026') return false;
  const capabilities = state.meta?.[MCP_META.clientCapabilities] as { extensions?: unknown } | undefined;
  const extensions = capabilities?.extensions;
  if (extensions === null || typeof extensions !== 'object') return false;
  const declared = (extensions as Record<string, unknown>)[MCP_TASKS_EXTENSION];
  return declared !== null && typeof declared === 'object' && !Array.isArray(declared);
}
