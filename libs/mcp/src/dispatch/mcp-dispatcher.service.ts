import { Inject, Injectable } from '@nestjs/common';
import { methodNotFound } from '../errors/mcp-method.error';
import { McpMethodContext } from '../interfaces/mcp-method-context.interface';
import { McpMethodHandler, McpMethodHandlers } from './mcp-method.handler';
import { McpServerDescription } from '../discovery/mcp-server-description.service';
import { McpPreparedResult } from '../results/mcp-prepared.view';

/**
 * How many bytes of prepared results are kept (about a hundred lists of
 * 200 tools); past it the cache starts over. Keys come from the roles and
 * scopes of issued tokens, so there are few, but nothing here trusts that.
 */
const PREPARED_BYTES_LIMIT = 8 * 1024 * 1024;

/**
 * The method table: one handler per JSON-RPC method, and the era's shape
 * around each result. Results a handler keys (see `resultKey`) are serialized
 * once per era and key.
 */
@Injectable()
export class McpDispatcher {
  private readonly handlers: Map<string, McpMethodHandler>;
  private readonly prepared = new Map<string, McpPreparedResult>();
  private preparedBytes = 0;

  constructor(
    @Inject(McpMethodHandlers) handlers: McpMethodHandler[],
    private readonly server: McpServerDescription,
  ) {
    this.handlers = new Map(handlers.map((handler) => [handler.method, handler]));
  }

  async dispatch(context: McpMethodContext): Promise<Record<string, unknown> | McpPreparedResult> {
    const handler = this.handlers.get(context.message.method);
    if (!handler || !handler.eras.includes(context.era) || !this.isAnnounced(handler)) {
      throw methodNotFound(context.message.method, context.era);
    }
    const key = handler.resultKey ? `${context.era}\n${handler.method}\n${handler.resultKey(context)}` : undefined;
    if (key === undefined) return this.shape(await handler.handle(context), handler, context);
    return this.prepared.get(key) ?? this.prepare(key, this.shape(await handler.handle(context), handler, context));
  }

  /** The era's envelope around a handler's result. */
  private shape(result: Record<string, unknown>, handler: McpMethodHandler, context: McpMethodContext): Record<string, unknown> {
    if (context.era === '2025') return result;
    return {
      resultType: 'complete',
      ...result,
      ...(handler.cacheable ? { ttlMs: 0, cacheScope: 'private' } : {}),
      _meta: { ...(result._meta as object | undefined), ...this.server.resultMeta },
    };
  }

  private prepare(key: string, result: Record<string, unknown>): McpPreparedResult {
    const prepared = new McpPreparedResult(JSON.stringify(result));
    if (this.preparedBytes + prepared.bytes.length > PREPARED_BYTES_LIMIT) {
      this.prepared.clear();
      this.preparedBytes = 0;
    }
    this.prepared.set(key, prepared);
    this.preparedBytes += prepared.bytes.length;
    return prepared;
  }

  /** A server without prompts has no `prompts/list` (MCP: methods of an unannounced capability are not found). */
  private isAnnounced(handler: McpMethodHandler): boolean {
    return handler.capability === undefined || this.server.announces(handler.capability);
  }
}
