import { McpToolDefinition } from '../interfaces/mcp-tool-definition.interface';
import { McpRateLimitClass } from '../interfaces/mcp-limits-options.interface';

/**
 * The class of a request:
 * - `tools/call` of a tool that declares `rateLimitClass` in `@McpTool()`: that class;
 * - of a tool that declares `readOnlyHint: true`: `read`;
 * - of a tool that declares `idempotentHint: false` explicitly: `run` (each call is one
 *   more execution or delivery, docs/protocol.md §5), unless it is read-only;
 * - of any other tool: `write`;
 * - every other method, an unknown tool included: `read`, so probing costs the
 *   caller's read budget and never reveals a tool by its class.
 */
export function rateLimitClassOf(method: string, tool: McpToolDefinition | undefined): McpRateLimitClass {
  if (method !== 'tools/call' || !tool) return 'read';
  const declared = tool.options.rateLimitClass;
  if (declared) return declared;
  const annotations = tool.options.annotations ?? {};
  if (annotations.readOnlyHint === true) return 'read';
  return annotations.idempotentHint === false ? 'run' : 'write';
}
