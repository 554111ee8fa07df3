import { DemoSeed } from './demo-seed.bootstrap';

const PROTOCOL_VERSION = '2026-07-28';
const FIRST_TOOL = 'kadu_organization_get';

/**
 * Kadu's banner lines of a demo seeded with credentials: the owner's
 * password, the demo token and a curl that works as pasted. It shows a token
 * on purpose (the only way to hand one over). `null` without a token
 * (production), where the platform's lines say how to mint one.
 */
export function kaduDemoLines(demo: DemoSeed, urls: { mcpUrl: string }): string[] | null {
  if (!demo.token) return null;
  return [
    `  Demo organization "${demo.organizationSlug}", owner ${demo.ownerEmail}`,
    demo.ownerPassword
      ? `  Owner password ${demo.ownerPassword}   (shown only now: just its hash is kept)`
      : `  Owner password set on an earlier start; for a new one: npm run cli -- password reset --email ${demo.ownerEmail}`,
    '',
    `  Demo MCP token (new on every start, valid until ${demo.tokenExpiresAt ?? 'revoked'}; earlier ones are revoked):`,
    `    ${demo.token}`,
    '',
    '  Try it:',
    ...curlExample(urls.mcpUrl, demo.token).map((line) => `    ${line}`),
    '',
    `  More tokens:   npm run cli -- token create --organization ${demo.organizationSlug} --role viewer [--audience api]`,
  ];
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
