import { FILE_UPLOAD_PATH } from '../files/files.constants';
import { ConfigService } from '@nestjs/config';
import type { McpModuleOptions, McpTokenVerifier } from '@kobana/mcp';
import { KaduConfig } from '../config/kadu-config.interface';
import { STRICT_VALIDATION_OPTIONS } from '@kobana/host-kit';
import { OAUTH_UNPARSED_PATHS } from '@kobana/oauth';
import { KADU_MCP_INSTRUCTIONS } from './kadu-mcp.instructions';

/** Who Kadu says it is, in `initialize` and in every era-2026 result. */
export const KADU_SERVER_INFO = { name: 'kadu', title: 'Kadu', version: '1.0.0' } as const;

/**
 * The `McpModule` options of Kadu: its own tokens, its public origin, and the
 * REST validation options so tool arguments are validated as route bodies are.
 */
export function kaduMcpOptions(verifier: McpTokenVerifier, config: ConfigService<KaduConfig, true>): McpModuleOptions {
  return {
    serverInfo: { ...KADU_SERVER_INFO },
    verifier,
    publicUrl: config.get('PUBLIC_URL', { infer: true }),
    // Kadu's own authorization server (see KaduOAuthModule), whose issuer is PUBLIC_URL.
    authorizationServers: [config.get('PUBLIC_URL', { infer: true })],
    instructions: KADU_MCP_INSTRUCTIONS,
    validation: { ...STRICT_VALIDATION_OPTIONS },
    // Presigned uploads stream their body to disk as it arrives; the authorization server reads its own bodies.
    unparsedPaths: [FILE_UPLOAD_PATH, ...OAUTH_UNPARSED_PATHS],
  };
}
