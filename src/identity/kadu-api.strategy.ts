import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import type { McpCaller } from '@kobana/mcp';
import { IdentityService } from './identity.service';
import { KADU_API_STRATEGY } from './kadu-api.constants';

/**
 * Bearer authentication of `/api/v1` (run by `KaduApiAuthGuard`): only tokens minted for the `api`
 * audience. The caller has the same shape the MCP module hands to tools, so a
 * service method serves both entrances unchanged.
 */
@Injectable()
export class KaduApiStrategy extends PassportStrategy(Strategy, KADU_API_STRATEGY) {
  constructor(private readonly identity: IdentityService) {
    super();
  }

  /** Resolves the caller; `false` makes passport answer with a challenge (turned into JSON by the guard). */
  async validate(token: string): Promise<McpCaller | false> {
    return (await this.identity.verify(token, 'api')) ?? false;
  }
}
