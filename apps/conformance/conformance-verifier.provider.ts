import { Inject, Injectable } from '@nestjs/common';
import { timingSafeEqual } from 'crypto';
import type { McpTokenVerifier } from '@kobana/mcp';
import type { McpCaller } from '@kobana/mcp';

/** Injection token of the one bearer token the fixture host accepts. */
export const CONFORMANCE_TOKEN = Symbol('CONFORMANCE_TOKEN');

/** The caller every conformance request runs as. */
export const CONFORMANCE_CALLER: McpCaller = Object.freeze({
  subject: 'conformance-suite',
  organization_id: 'conformance',
  client_id: 'conformance-suite',
  client_name: 'MCP conformance suite',
  scopes: [],
  roles: [],
});

/**
 * A test verifier for the fixture host: exactly one token, chosen at start-up
 * (`CONFORMANCE_TOKEN`), compared in constant time. The suite cannot send an
 * `Authorization` header itself; `test/conformance/bearer-preload.cjs` adds it.
 * Authentication stays on: a request without the token still gets 401.
 */
@Injectable()
export class ConformanceVerifier implements McpTokenVerifier {
  private readonly expected: Buffer;

  constructor(@Inject(CONFORMANCE_TOKEN) token: string) {
    this.expected = Buffer.from(token);
  }

  async verify(token: string): Promise<McpCaller | null> {
    const given = Buffer.from(token);
    return given.length === this.expected.length && timingSafeEqual(given, this.expected) ? CONFORMANCE_CALLER : null;
  }
}
