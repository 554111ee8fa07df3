import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import type { McpCaller } from '@kobana/mcp';
import { BillingIdentityService } from './billing-identity.service';

/** Bearer authentication of Billing's `/api/v1`: only tokens minted for the `api` audience. */
@Injectable()
export class BillingApiStrategy extends PassportStrategy(Strategy, 'billing-api') {
  constructor(private readonly identity: BillingIdentityService) {
    super();
  }

  async validate(token: string): Promise<McpCaller | false> {
    return (await this.identity.verify(token, 'api')) ?? false;
  }
}
