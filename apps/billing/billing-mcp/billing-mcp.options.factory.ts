import { ConfigService } from '@nestjs/config';
import type { McpModuleOptions, McpTokenVerifier } from '@kobana/mcp';
import { STRICT_VALIDATION_OPTIONS } from '@kobana/host-kit';
import { retryAfterOnDatabaseError } from '@kobana/database';
import { BillingConfig } from '../config/billing-config.interface';
import { OAUTH_UNPARSED_PATHS } from '@kobana/oauth';
import { BILLING_MCP_INSTRUCTIONS } from './billing-mcp.instructions';

/** Who Billing says it is, in `initialize` and in every era-2026 result. */
export const BILLING_SERVER_INFO = { name: 'kobana-billing', title: 'Kobana Billing', version: '1.0.0' } as const;

/**
 * Billing's `McpModule` options: its own tokens, its public origin, the
 * `BILLING_ALLOWED_ORIGINS` allowlist (no loopback unless listed), the
 * REST validation options, and `Retry-After` on 429 only. A transient
 * database fault (locked, deadlock, pool busy) is 503 -32030, retryable,
 * not 500 -32603. Everything else is the module's default.
 */
export function billingMcpOptions(verifier: McpTokenVerifier, config: ConfigService<BillingConfig, true>): McpModuleOptions {
  return {
    serverInfo: { ...BILLING_SERVER_INFO },
    verifier,
    publicUrl: config.get('PUBLIC_URL', { infer: true }),
    // Billing's own authorization server (see BillingOAuthModule), whose issuer is PUBLIC_URL.
    authorizationServers: [config.get('PUBLIC_URL', { infer: true })],
    // The authorization server reads its own bodies.
    unparsedPaths: [...OAUTH_UNPARSED_PATHS],
    instructions: BILLING_MCP_INSTRUCTIONS,
    allowedOrigins: [...config.get('BILLING_ALLOWED_ORIGINS', { infer: true })],
    validation: { ...STRICT_VALIDATION_OPTIONS },
    // Seed: Billing sends Retry-After only with 429.
    retryAfterOn503: false,
    availability: {
      unavailableFor: () => undefined,
      retryAfterOnError: retryAfterOnDatabaseError,
    },
  };
}
