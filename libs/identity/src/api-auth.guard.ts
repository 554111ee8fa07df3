import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import passport from 'passport';
import type { McpCaller } from '@kobana/mcp';
import { ApiBearerStrategy } from './api-bearer.strategy';

/**
 * Requires an API token (`Authorization: Bearer <prefix>_api_…`) and puts the
 * caller on `request.user` for `@CurrentCaller()`. A missing or rejected
 * token is a 401 with `{"error":"invalid_token","error_description":"…"}`
 * and an RFC 6750 challenge in the host's realm, the same body the MCP endpoint answers.
 */
@Injectable()
export class ApiAuthGuard implements CanActivate {
  // Only exported providers here: a controller's module builds its own instance of a guard it names.
  constructor(private readonly strategy: ApiBearerStrategy) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & { user?: McpCaller }>();
    const response = context.switchToHttp().getResponse<Response>();
    // passport-http-bearer also reads the query and the body; such tokens end up in logs and histories.
    if (hasKey(request.query, 'access_token') || hasKey(request.body, 'access_token')) {
      throw this.unauthorized(response, 'Send the access token in the Authorization header, not in the URL or body');
    }
    const caller = await this.authenticate(request, response);
    if (!caller) {
      throw request.headers.authorization?.trim()
        ? this.unauthorized(response, 'The access token is invalid, expired, revoked, or not issued for this API')
        : this.unauthorized(response, 'Missing access token: send Authorization: Bearer <token>', false);
    }
    request.user = caller;
    return true;
  }

  /** The 401 for a missing (`tokenSent` false) or rejected token. */
  private unauthorized(response: Response, description: string, tokenSent = true): UnauthorizedException {
    // RFC 6750 §3.1: a request without credentials gets a challenge without an error code.
    response.setHeader('WWW-Authenticate', `Bearer realm="${this.strategy.realm}"${tokenSent ? ', error="invalid_token"' : ''}`);
    return new UnauthorizedException({ error: 'invalid_token', error_description: description });
  }

  /**
   * Runs this application's own strategy instance rather than the one
   * passport registered by name: that registry is process-wide, so with two
   * applications in one process (tests, replicas) the last one created would
   * authenticate for both. Passport 0.7 binds its success/fail/error
   * callbacks onto a strategy *instance* in place, so each request gets its
   * own `Object.create` of it: sharing one lets a concurrent request overwrite
   * the callbacks, and a request whose token check finishes later is never answered.
   */
  private authenticate(request: Request, response: Response): Promise<McpCaller | false> {
    return new Promise((resolve, reject) =>
      passport.authenticate(Object.create(this.strategy) as typeof this.strategy, { session: false }, (error: unknown, caller: McpCaller | false) =>
        error ? reject(error) : resolve(caller || false),
      )(request, response, (error?: unknown) => (error ? reject(error) : resolve(false))),
    );
  }
}

function hasKey(value: unknown, key: string): boolean {
  return typeof value === 'object' && value !== null && key in value;
}
