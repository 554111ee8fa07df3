import { Injectable, UnauthorizedException } from '@nestjs/common';
import type { Response } from 'express';
import { KaduApiAuthGuard } from '../../../src/identity/kadu-api-auth.guard';
import type { KaduApiStrategy } from '../../../src/identity/kadu-api.strategy';
import { BillingApiStrategy } from './billing-api.strategy';

/**
 * Kadu's API guard (header-only bearer, the caller on `request.user` for
 * `@CurrentCaller()`, the same 401 body as the MCP endpoint) on Billing's
 * strategy and realm.
 */
@Injectable()
export class BillingApiAuthGuard extends KaduApiAuthGuard {
  constructor(strategy: BillingApiStrategy) {
    // The base class only hands the strategy to passport; any bearer strategy serves.
    super(strategy as unknown as KaduApiStrategy);
  }

  protected override unauthorized(response: Response, description: string, tokenSent = true): UnauthorizedException {
    const error = super.unauthorized(response, description, tokenSent);
    response.setHeader('WWW-Authenticate', `Bearer realm="billing-api"${tokenSent ? ', error="invalid_token"' : ''}`);
    return error;
  }
}
