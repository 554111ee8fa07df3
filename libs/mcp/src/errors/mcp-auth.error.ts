import { McpMessages } from '../mcp.messages';
import { McpAuthException } from './mcp-auth-challenge.error';

/*
 * The OAuth 2.0 resource-server answers (RFC 6750). The filter adds the
 * `resource_metadata` parameter to each challenge.
 */

/** 401 without `error`: no token was sent, so the client is only told where to get one. */
export function missingToken(): McpAuthException {
  return new McpAuthException(401, 'invalid_token', McpMessages.missingToken(), {});
}

/** 401 `invalid_token`: a token was sent and rejected (unknown, expired, revoked, another audience, or in the wrong place). */
export function invalidToken(): McpAuthException {
  return new McpAuthException(401, 'invalid_token', McpMessages.invalidToken(), { error: 'invalid_token' });
}

/** 403 with the `insufficient_scope` challenge naming every scope needed, so the client can step up. */
export function insufficientScope(kind: string, needed: readonly string[], missing: string[]): McpAuthException {
  return new McpAuthException(403, 'insufficient_scope', McpMessages.insufficientScope(kind, missing), {
    error: 'insufficient_scope',
    scope: needed.join(' '),
  });
}
