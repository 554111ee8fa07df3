import { randomBytes } from 'node:crypto';
import type { McpCaller } from '../interfaces/mcp-caller.interface';
import type { McpTokenVerifier } from '../interfaces/mcp-token-verifier.interface';

/** What a test says about its caller; whatever it leaves out gets a neutral default. */
export type McpTestCaller = Partial<McpCaller> & Pick<McpCaller, 'organization_id'>;

const PREFIX = 'mcp-test-';

/**
 * A token verifier for tests: it mints opaque tokens that stand for the
 * caller a test describes, so a host tests its tools without issuing real
 * tokens. Any other token goes to `fallback` (the host's own verifier when
 * installed by {@link overrideMcpVerifier}), so real tokens keep working in
 * the same app. Test code only: it trusts whatever caller the test asks for.
 */
export class McpTestingVerifier implements McpTokenVerifier {
  private readonly callers = new Map<string, McpCaller>();

  constructor(private readonly fallback?: McpTokenVerifier) {}

  /** A fresh token for `caller`, with defaults for what it leaves out (subject `test-user`, client `test-client`, no scopes, no roles). */
  tokenFor(caller: McpTestCaller): string {
    const token = PREFIX + randomBytes(24).toString('base64url');
    this.callers.set(token, {
      subject: 'test-user',
      client_id: 'test-client',
      scopes: [],
      roles: [],
      ...caller,
    });
    return token;
  }

  /** The caller of a minted token; a `Map` lookup is enough here, as these tokens exist only inside a test process. */
  async verify(token: string): Promise<McpCaller | null> {
    const caller = this.callers.get(token);
    if (caller) return { ...caller, scopes: [...caller.scopes], roles: [...caller.roles] };
    if (token.startsWith(PREFIX) || !this.fallback) return null;
    return this.fallback.verify(token);
  }
}
