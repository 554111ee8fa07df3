import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpAuthException } from '../errors/mcp-auth-challenge.error';
import { invalidToken, missingToken } from '../errors/mcp-auth.error';
import { McpBearerStrategy } from '../auth/mcp-bearer.strategy';

/** What a passport strategy calls back with; a run of it gets these bound for one request. */
interface StrategyRun {
  success(caller: McpCaller): void;
  fail(): void;
  error(error: unknown): void;
  pass(): void;
  redirect(): void;
  authenticate(request: unknown): void;
}

/**
 * Guard 4 of 7, docs/protocol.md §1 step 4: a bearer token in the `Authorization`
 * header, valid for this MCP resource, checked by the module's own
 * passport-http-bearer strategy (`auth/`) and the host's verifier. Tokens in
 * the query string or in the body (which passport-http-bearer would
 * otherwise accept) are refused: they end up in logs and histories.
 *
 * A host may have the module build a subclass instead (`overrides` of
 * `McpModule.forRoot()`), whose `Overridable` steps then run in their place.
 */
@Injectable()
export class McpAuthGuard implements CanActivate {
  constructor(private readonly strategy: McpBearerStrategy) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // The module reads the body after this step, but a host may have parsed it already.
    const request = context.switchToHttp().getRequest<McpHttpRequest & { query?: unknown; body?: unknown }>();
    if (hasMember(request.query, 'access_token') || hasMember(request.body, 'access_token')) throw this.unauthorized(true);
    const caller = await this.authenticate(request);
    if (!caller) {
      const authorization = request.headers.authorization;
      throw this.unauthorized(typeof authorization === 'string' && authorization.trim() !== '');
    }
    request.user = caller;
    return true;
  }

  /** Overridable: the 401 answered for a missing or rejected token. */
  protected unauthorized(tokenSent: boolean): McpAuthException {
    return tokenSent ? invalidToken() : missingToken();
  }

  /**
   * Runs this module's own passport-http-bearer strategy the way passport's
   * `authenticate` middleware does (an `Object.create` of the instance with
   * this request's callbacks bound on it), without the middleware: it would
   * add session and multi-strategy handling this endpoint never uses at a
   * tenth of every request's CPU. Not through passport's process-wide
   * registry either: with two applications in one process (tests, in-process
   * replicas) the last one built would answer for both. The instance is never
   * called directly: its callbacks are per request, and a shared one would let
   * a concurrent request overwrite them.
   */
  private authenticate(request: McpHttpRequest): Promise<McpCaller | false> {
    return new Promise((resolve, reject) => {
      const run = Object.create(this.strategy) as StrategyRun;
      run.success = resolve;
      run.error = reject;
      run.fail = run.pass = run.redirect = () => resolve(false);
      run.authenticate(request);
    });
  }
}

function hasMember(value: unknown, name: string): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, name);
}
