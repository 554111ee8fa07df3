import { BillingDemoSeed } from './billing-demo-seed.bootstrap';

/**
 * Billing's banner lines of a demo seeded with credentials: the MCP and API
 * tokens, the owner's sign-in and a curl. `null` without tokens
 * (production), where the platform's lines say how to mint them.
 */
export function billingDemoLines(demo: BillingDemoSeed, urls: { publicUrl: string; mcpUrl: string }): string[] | null {
  if (!demo.mcpToken || !demo.apiToken) return null;
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: 'billing_invoices_list',
      arguments: { per_page: 10 },
      _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
    },
  });
  return [
    `  Demo organization "${demo.organizationSlug}" (owner), tokens valid until ${demo.expiresAt ?? 'revoked'}:`,
    `  Demo MCP token:`,
    `    ${demo.mcpToken}`,
    `  Demo API token (for the PDF/XML paths the tools answer):`,
    `    ${demo.apiToken}`,
    `  Approval pages (${urls.publicUrl}/sign-in): ${demo.ownerEmail}`,
    demo.ownerPassword
      ? `  Owner password ${demo.ownerPassword}   (shown only now: just its hash is kept)`
      : '  Owner password set on an earlier start (only its hash is kept)',
    '',
    '  Try it:',
    `    curl -sS ${urls.mcpUrl} \\`,
    `      -H 'Authorization: Bearer ${demo.mcpToken}' -H 'Content-Type: application/json' \\`,
    `      -H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/call' -H 'Mcp-Name: billing_invoices_list' \\`,
    `      -d '${body}'`,
    '',
    `  More tokens:   npm run cli:billing -- token create --organization ${demo.organizationSlug} --role viewer --audience mcp`,
  ];
}
