import { Inject, Injectable } from '@nestjs/common';
import { JsonRpcErrorCode } from '../mcp.constants';
import { McpMessages } from '../mcp.messages';
import { JsonRpcException } from '../errors/json-rpc.exception';
import { McpMethodContext, McpMethodHandler, McpMethodHandlers } from './mcp-method.handler';
import { McpServerDescription } from './mcp-server.description';

/** The method table: one handler per JSON-RPC method, and the era's shape around each result. */
@Injectable()
export class McpDispatcher {
  private readonly handlers: Map<string, McpMethodHandler>;

  constructor(
    @Inject(McpMethodHandlers) handlers: McpMethodHandler[],
    private readonly server: McpServerDescription,
  ) {
    this.handlers = new Map(handlers.map((handler) => [handler.method, handler]));
  }

  async dispatch(context: McpMethodContext): Promise<Record<string, unknown>> {
    const handler = this.handlers.get(context.message.method);
    if (!handler || !handler.eras.includes(context.era) || !this.isAnnounced(handler)) {
      // Era 2026 answers an unknown method with 404, so a legacy client can tell a modern server apart.
      throw new JsonRpcException(
        JsonRpcErrorCode.MethodNotFound,
        McpMessages.methodNotFound(context.message.method),
        context.era === '2026' ? 404 : 200,
      );
    }
    const result = await handler.handle(context);
    if (context.era === '2025') return result;
    return {
      resultType: 'complete',
      ...result,
      ...(handler.cacheable ? { ttlMs: 0, cacheScope: 'private' } : {}),
      _meta: { ...(result._meta as object | undefined), ...this.server.resultMeta },
    };
  }

  /** A server without prompts has no `prompts/list` (MCP: methods of an unannounced capability are not found). */
  private isAnnounced(handler: McpMethodHandler): boolean {
    return handler.capability === undefined || this.server.announces(handler.capability);
  }
}
