import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import type { McpCaller } from '@kobana/mcp';
import { IdentityService } from './identity.service';
import { API_BEARER_STRATEGY } from './identity.constants';
import { IDENTITY_OPTIONS, IdentityOptions } from './identity.options';

/**
 * Bearer authentication of `/api/v1` (run by `ApiAuthGuard`): only tokens minted for the `api`
 * audience. The caller has the same shape the MCP module hands to tools, so a
 * service method serves both entrances unchanged.
 */
@Injectable()
export class ApiBearerStrategy extends PassportStrategy(Strategy, API_BEARER_STRATEGY) {
  /** Realm named in the API's `WWW-Authenticate` challenge. */
  readonly realm: string;

  constructor(
    private readonly identity: IdentityService,
    @Inject(IDENTITY_OPTIONS) options: Pick<IdentityOptions, 'apiRealm'>,
  ) {
    super();
    this.realm = options.apiRealm;
  }

  /** Resolves the caller; `false` makes passport answer with a challenge (turned into JSON by the guard). */
  async validate(token: string): Promise<McpCaller | false> {
    return (await this.identity.verify(token, 'api')) ?? false;
  }
}
