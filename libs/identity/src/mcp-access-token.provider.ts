import { Injectable } from '@nestjs/common';
import type { McpTokenVerifier } from '@kobana/mcp';
import type { McpCaller } from '@kobana/mcp';
import { IdentityService } from './identity.service';

/**
 * The MCP module's token verifier for a host: accepts only its tokens minted for
 * the `mcp` audience (RFC 8707 in spirit: an API token presented here is
 * refused, and vice versa), resolved to the person, organization, client,
 * scopes and role they stand for.
 */
@Injectable()
export class McpAccessTokenVerifier implements McpTokenVerifier {
  constructor(private readonly identity: IdentityService) {}

  /** The caller, or `null` for an unknown, expired, revoked or API token. */
  verify(token: string): Promise<McpCaller | null> {
    return this.identity.verify(token, 'mcp');
  }
}
