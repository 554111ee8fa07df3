import { Injectable } from '@nestjs/common';
import { timingSafeEqual } from 'crypto';
import type { McpTokenVerifier } from '@kobana/mcp';
import type { McpCaller } from '@kobana/mcp';

/** Tokens of the module's own tests: fixed, in memory, compared in constant time. */
export const FIXTURE_TOKENS: Record<string, McpCaller> = {
  'token-reader': { subject: 'u1', organization_id: 'org-a', client_id: 'c1', scopes: ['fixture:read'], roles: ['viewer'] },
  'token-writer': { subject: 'u2', organization_id: 'org-a', client_id: 'c1', scopes: ['fixture:read', 'fixture:write'], roles: ['operator'] },
  'token-admin': { subject: 'u3', organization_id: 'org-b', client_id: 'c2', scopes: ['fixture:read', 'fixture:write'], roles: ['admin'] },
};

@Injectable()
export class FixtureVerifier implements McpTokenVerifier {
  async verify(token: string): Promise<McpCaller | null> {
    for (const [known, caller] of Object.entries(FIXTURE_TOKENS)) {
      const a = Buffer.from(known);
      const b = Buffer.from(token);
      if (a.length === b.length && timingSafeEqual(a, b)) return caller;
    }
    return null;
  }
}
