import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { MCP_BEARER_STRATEGY } from '../mcp.constants';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpAuthException } from '../errors/mcp-auth.exception';
import { McpMessages } from '../mcp.messages';

/**
 * Step 4: a bearer token in the `Authorization` header, valid for this MCP
 * resource. Tokens in the query string or body (which passport-http-bearer
 * would otherwise accept) are refused: they end up in logs and histories.
 */
@Injectable()
export class McpAuthGuard extends AuthGuard(MCP_BEARER_STRATEGY) {
  override canActivate(context: ExecutionContext) {
    const request = context.switchToHttp().getRequest<McpHttpRequest & { query?: Record<string, unknown> }>();
    if (request.query && 'access_token' in request.query) throw this.unauthorized(true);
    return super.canActivate(context);
  }

  override handleRequest<TUser = McpCaller>(err: unknown, user: TUser | false, _info: unknown, context: ExecutionContext): TUser {
    if (err) throw err;
    if (!user) {
      const authorization = context.switchToHttp().getRequest<McpHttpRequest>().headers.authorization;
      throw this.unauthorized(typeof authorization === 'string' && authorization.trim() !== '');
    }
    return user;
  }

  /** Overridable: the 401 answered for a missing or rejected token. */
  protected unauthorized(tokenSent: boolean): McpAuthException {
    return tokenSent
      ? new McpAuthException(401, 'invalid_token', McpMessages.invalidToken(), { error: 'invalid_token' })
      : new McpAuthException(401, 'invalid_token', McpMessages.missingToken(), {});
  }
}
