import { MCP_PATH } from '../app.constants';
import { DemoSeed } from './demo.seeder';

/** What the banner shows. */
export interface StartupBannerInput {
  publicUrl: string;
  /** Where the server actually listens, e.g. `127.0.0.1:3000`. */
  listening: string;
  /** From `OpenedDatabase.description`, or the database URL. */
  database: string;
  /** `null` when `KADU_DEMO=false`; its `token` is `null` in production. */
  demo: DemoSeed | null;
}

const PROTOCOL_VERSION = '2026-07-28';
const FIRST_TOOL = 'kadu_organization_get';

/**
 * The text `main.ts` prints once the server listens: where to connect, the
 * demo credentials, and a curl line that works as pasted. It shows a token on
 * purpose (the only way to hand one over); it never shows a signing secret.
 */
export function renderStartupBanner(input: StartupBannerInput): string {
  const mcpUrl = `${input.publicUrl}${MCP_PATH}`;
  const lines = [
    '',
    `Kadu is running (listening on ${input.listening})`,
    '',
    `  MCP endpoint   ${mcpUrl}`,
    `  REST API       ${input.publicUrl}/api/v1`,
    `  Database       ${input.database}`,
    '',
  ];
  const demo = input.demo;
  if (!demo) {
    lines.push('  Mint a token:  npm run cli -- token create --organization <slug> --role owner', '');
    return lines.join('\n') + '\n';
  }
  if (!demo.token) {
    // Production: the demo exists, its credentials are the operator's to make (docs/security-model.md).
    lines.push(
      `  Demo organization "${demo.organizationSlug}", owner ${demo.ownerEmail} (no password or token shown in production)`,
      `  Owner password: npm run cli -- password reset --email ${demo.ownerEmail}`,
      `  MCP token:      npm run cli -- token create --organization ${demo.organizationSlug} --role owner`,
      '',
    );
    return lines.join('\n') + '\n';
  }
  lines.push(
    `  Demo organization "${demo.organizationSlug}", owner ${demo.ownerEmail}`,
    demo.ownerPassword
      ? `  Owner password ${demo.ownerPassword}   (shown only now: just its hash is kept)`
      : `  Owner password set on an earlier start; for a new one: npm run cli -- password reset --email ${demo.ownerEmail}`,
    '',
    `  Demo MCP token (new on every start, valid until ${demo.tokenExpiresAt ?? 'revoked'}; earlier ones are revoked):`,
    `    ${demo.token}`,
    '',
    '  Try it:',
    ...curlExample(mcpUrl, demo.token).map((line) => `    ${line}`),
    '',
    `  More tokens:   npm run cli -- token create --organization ${demo.organizationSlug} --role viewer [--audience api]`,
    '',
  );
  return lines.join('\n') + '\n';
}

/** An era-2026 `tools/call`: the headers must repeat the body, so they are built from the same values. */
function curlExample(mcpUrl: string, token: string): string[] {
  const body = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: FIRST_TOOL,
      arguments: {},
      _meta: {
        'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSION,
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  };
  return [
    `curl -sS ${mcpUrl} \\`,
    `  -H 'Authorization: Bearer ${token}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H 'MCP-Protocol-Version: ${PROTOCOL_VERSION}' \\`,
    `  -H 'Mcp-Method: ${body.method}' \\`,
    `  -H 'Mcp-Name: ${FIRST_TOOL}' \\`,
    `  -d '${JSON.stringify(body)}'`,
  ];
}
