import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { originForbidden } from '../errors/mcp-transport.error';
import { singleHeader } from '../transport/mcp-request-state.util';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Guard 2 of 7, docs/protocol.md §1 step 2: a browser's `Origin` must be the
 * server's own or an allowed one, against DNS rebinding. Requests without
 * `Origin` (non-browser clients) pass.
 *
 * A host may have the module build a subclass instead (`overrides` of
 * `McpModule.forRoot()`), whose `Overridable` steps then run in their place.
 */
@Injectable()
export class McpOriginGuard implements CanActivate {
  private readonly allowed: Set<string>;
  private readonly allowLoopback: boolean;
  private readonly ownOrigin?: string;

  constructor(@Inject(MCP_RESOLVED_OPTIONS) options: McpResolvedOptions) {
    this.allowLoopback = options.allowedOrigins.includes('localhost');
    this.allowed = new Set(options.allowedOrigins.filter((origin) => origin !== 'localhost').map(normalizeOrigin));
    this.ownOrigin = options.publicUrl ? normalizeOrigin(options.publicUrl) : undefined;
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<McpHttpRequest>();
    const origin = singleHeader(request, 'origin');
    if (origin === undefined || this.isAllowed(origin, request)) return true;
    throw originForbidden(String(origin));
  }

  /** Overridable: the decision for one `Origin` value. */
  protected isAllowed(origin: string | null, _request: McpHttpRequest): boolean {
    if (origin === null) return false;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    const normalized = url.origin;
    if (this.allowLoopback && LOOPBACK_HOSTS.has(url.hostname)) return true;
    if (this.allowed.has(normalized)) return true;
    // Never derived from the Host header: under DNS rebinding, Host and Origin are both the attacker's.
    return normalized === this.ownOrigin;
  }
}

function normalizeOrigin(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    return origin;
  }
}
