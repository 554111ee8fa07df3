import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import passport from 'passport';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpAuthException } from '../errors/mcp-auth.exception';
import { McpMessages } from '../mcp.messages';
import { McpBearerStrategy } from './mcp-bearer.strategy';

/**
 * Step 4: a bearer token in the `Authorization` header, valid for this MCP
 * resource. Tokens in the query string or body (which passport-http-bearer
 * would otherwise accept) are refused: they end up in logs and histories.
 */
@Injectable()
export class McpAuthGuard implements CanActivate {
  constructor(private readonly strategy: McpBearerStrategy) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<McpHttpRequest & { query?: Record<string, unknown> }>();
    if (request.query && 'access_token' in request.query) throw this.unauthorized(true);
    const caller = await this.authenticate(request, http.getResponse());
    if (!caller) {
      const authorization = request.headers.authorization;
      throw this.unauthorized(typeof authorization === 'string' && authorization.trim() !== '');
    }
    request.user = caller;
    return true;
  }

  /** Overridable: the 401 answered for a missing or rejected token. */
  protected unauthorized(tokenSent: boolean): McpAuthException {
    return tokenSent
      ? new McpAuthException(401, 'invalid_token', McpMessages.invalidToken(), { error: 'invalid_token' })
      : new McpAuthException(401, 'invalid_token', McpMessages.missingToken(), {});
  }

  /**
   * Runs this module's own strategy instance, not the one passport keeps by
   * name: that registry is process-wide, so with two applications in one
   * process (tests, in-process replicas) the last one built would answer for both.
   * Passport 0.7 binds its success/fail/error callbacks onto a strategy *instance*
   * in place, so each request gets its own `Object.create` of it: sharing one
   * lets a concurrent request overwrite the callbacks, and a request whose
   * token check finishes later is never answered.
   */
  private authenticate(request: unknown, response: unknown): Promise<McpCaller | false> {
    return new Promise((resolve, reject) =>
      passport.authenticate(Object.create(this.strategy) as typeof this.strategy, { session: false }, (error: unknown, caller: McpCaller | false) =>
        error ? reject(error) : resolve(caller || false),
      )(request, response, (error?: unknown) => (error ? reject(error) : resolve(false))),
    );
  }
}
