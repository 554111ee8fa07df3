import { Injectable } from '@nestjs/common';
import type { McpTokenVerifier } from '@kobana/mcp';
import type { McpCaller } from '@kobana/mcp';

/**
 * Callers the load rotates over. The module keeps its default limits (600
 * reads a minute per organization, user and OAuth client), so the load spreads
 * over callers that differ only by OAuth client, enough that no window fills.
 */
export const BENCH_CALLERS = 1024;

/**
 * `bench-reader-<n>` has the echo's scope, each token a caller of its own;
 * `bench-unscoped-<n>` lacks the scope (the 403 path); `bench-shared-<n>` has
 * it, and every one of them is the same caller (one rate-limit bucket), so a
 * load rotating over them costs the server what rotating over the readers
 * does, except that one caller's window fills.
 */
export type BenchTokenKind = 'reader' | 'unscoped' | 'shared';

export function benchToken(kind: BenchTokenKind, index: number): string {
  return `bench-${kind}-${index}`;
}

/** Every benchmark token of a kind, for a load to rotate over. */
export function benchTokens(kind: BenchTokenKind): string[] {
  return Array.from({ length: BENCH_CALLERS }, (_, index) => benchToken(kind, index));
}

/** In memory, one map lookup, so the verifier is not what the echo pair measures (the route uses it too). */
@Injectable()
export class BenchVerifier implements McpTokenVerifier {
  private readonly callers = new Map<string, McpCaller>(
    (['reader', 'unscoped', 'shared'] as const).flatMap((kind) =>
      benchTokens(kind).map((token, index): [string, McpCaller] => [
        token,
        {
          subject: 'u1',
          organization_id: 'org-bench',
          client_id: kind === 'shared' ? 'bench-shared' : `bench-${index}`,
          scopes: kind === 'unscoped' ? [] : ['bench:read'],
          roles: ['viewer'],
        },
      ]),
    ),
  );

  async verify(token: string): Promise<McpCaller | null> {
    return this.callers.get(token) ?? null;
  }
}
