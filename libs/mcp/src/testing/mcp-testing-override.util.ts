import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpTokenVerifier } from '../interfaces/mcp-token-verifier.interface';
import type { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpTestingVerifier } from './mcp-testing-verifier.provider';

/** The part of `Test.createTestingModule(...)` the kit uses, so the kit needs no `@nestjs/testing` of its own. */
export interface McpOverridableBuilder<B> {
  overrideProvider(token: unknown): { useFactory(options: { factory: (...args: any[]) => unknown; inject?: unknown[] }): B };
}

/**
 * Replaces the module's token verifier with a {@link McpTestingVerifier}
 * that wraps the host's own one: kit-minted tokens stand for the caller the
 * test describes, any other token is verified by the host as in production.
 *
 * @example
 * ```ts
 * const moduleRef = await overrideMcpVerifier(Test.createTestingModule({ imports: [AppModule] })).compile();
 * ```
 */
export function overrideMcpVerifier<B>(builder: McpOverridableBuilder<B>): B {
  return builder.overrideProvider(McpTokenVerifier).useFactory({
    inject: [MCP_RESOLVED_OPTIONS],
    factory: (options: McpResolvedOptions) => new McpTestingVerifier(options.verifier),
  });
}
