import { Inject, Injectable } from '@nestjs/common';
import type { McpCaller, McpTokenVerifier } from '@kobana/mcp';
import { McpAccessTokenVerifier } from '@kobana/identity';
import { OAuthAccessTokenVerifier } from './oauth-access-token.provider';
import { OAUTH_SERVER_SETTINGS, ResolvedOAuthServerSettings } from '../oauth-server.options';

/**
 * The MCP verifier a host hands the MCP module: a token with the host's
 * personal-token prefix (`kadu_`) goes to the personal-token verifier, any
 * other to the OAuth verifier. One lookup either way.
 */
@Injectable()
export class OAuthBearerVerifier implements McpTokenVerifier {
  constructor(
    private readonly personal: McpAccessTokenVerifier,
    private readonly oauth: OAuthAccessTokenVerifier,
    @Inject(OAUTH_SERVER_SETTINGS) private readonly settings: ResolvedOAuthServerSettings,
  ) {}

  verify(token: string): Promise<McpCaller | null> {
    return token.startsWith(this.settings.personalTokenPrefix) ? this.personal.verify(token) : this.oauth.verify(token);
  }
}
