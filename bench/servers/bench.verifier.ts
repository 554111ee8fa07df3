import { Injectable } from '@nestjs/common';
import type { McpTokenVerifier } from '@kobana/mcp';
import type { McpCaller } from '@kobana/mcp';

/**
 * Callers the load rotates over. The module keeps its default limits (600
 * reads a minute per organization, user and OAuth client), so the load spreads
 * over callers that differ only by OAuth client, enough that no window fills.
 */
export const BENCH_CALLERS = 1024;

/** `bench-reader-<n>` has the echo's scope; `bench-unscoped-<n>` lacks it (the 403 path). */
export function benchToken(kind: 'reader' | 'unscoped', index: number): string {
  return `bench-${kind}-${index}`;
}

/** Every benchmark token, for a load to rotate over. */
export function benchTokens(kind: 'reader' | 'unscoped'): string[] {
  return Array.from({ length: BENCH_CALLERS }, (_, index) => benchToken(kind, index));
}

/** In memory, one map lookup, so the verifier is not what the echo pair measures (the route uses it too). */
@Injectable()
export class BenchVerifier implements McpTokenVerifier {
  private readonly callers = new Map<string, McpCaller>(
    (['reader', 'unscoped'] as const).flatMap((kind) =>
      benchTokens(kind).map((token, index): [string, McpCaller] => [
        token,
        { subject: 'u1', organization_id: 'org-bench', client_id: `bench-${index}`, scopes: kind === 'reader' ? ['bench:read'] : [], roles: ['viewer'] },
      ]),
    ),
  );

  async verify(token: string): Promise<McpCaller | null> {
    return this.callers.get(token) ?? null;
  }
}
