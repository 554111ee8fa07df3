import { Injectable } from '@nestjs/common';
import { MCP_META } from '../../mcp.constants';
import { McpMethodContext, McpMethodHandler } from '../mcp-method.handler';
import { McpToolRegistry, isRoleAllowed, missingScopes } from '../../discovery/mcp-tool.registry';
import { McpToolInvoker } from '../mcp-tool.invoker';
import { invalidParams } from '../mcp-params';
import { McpMessages } from '../../mcp.messages';
import { McpAuthException } from '../../errors/mcp-auth.exception';
import { McpCallContext } from '../../interfaces/mcp-call-context.interface';

/** `tools/call`: finds the tool, checks the caller may run it, and invokes it in-process. */
@Injectable()
export class ToolsCallHandler implements McpMethodHandler {
  readonly method = 'tools/call';
  readonly eras = ['2025', '2026'] as const;
  readonly cacheable = false;

  constructor(
    private readonly tools: McpToolRegistry,
    private readonly invoker: McpToolInvoker,
  ) {}

  async handle({ params, era, caller, state, message }: McpMethodContext) {
    const { name, arguments: args } = params;
    if (typeof name !== 'string') throw invalidParams(era, McpMessages.invalidParams('"name" must be a string'));
    if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) {
      throw invalidParams(era, McpMessages.invalidParams('"arguments" must be an object'));
    }
    const tool = this.tools.get(name);
    // A tool the role forbids is answered exactly as one that does not exist.
    if (!tool || !isRoleAllowed(tool, caller)) throw invalidParams(era, McpMessages.unknownTool(name));
    const missing = missingScopes(tool, caller);
    if (missing.length > 0) {
      throw new McpAuthException(403, 'insufficient_scope', McpMessages.insufficientScope(missing), {
        error: 'insufficient_scope',
        scope: tool.scopes.join(' '),
      });
    }
    const context: McpCallContext = {
      era,
      protocolVersion: state.version!,
      clientInfo: state.meta?.[MCP_META.clientInfo] as McpCallContext['clientInfo'],
      clientCapabilities: state.meta?.[MCP_META.clientCapabilities] as Record<string, unknown> | undefined,
      requestId: message.id,
    };
    return { ...(await this.invoker.invoke(tool, (args as Record<string, unknown>) ?? {}, caller, context)) };
  }
}
