import { McpAnswerError } from './mcp-answer.error';

/**
 * An OAuth 2.0 resource-server answer (RFC 6750): 401 for a missing or bad
 * token, 403 for a missing scope. Its body and `WWW-Authenticate` challenge
 * follow the OAuth error format, not JSON-RPC, so that any OAuth client can
 * start (or step up) the sign-in.
 */
export class McpAuthException extends McpAnswerError {
  constructor(
    readonly status: 401 | 403,
    readonly error: 'invalid_token' | 'insufficient_scope',
    readonly description: string,
    /** Challenge parameters besides `resource_metadata`, in order. */
    readonly challenge: Record<string, string>,
  ) {
    super(description);
  }
}
