import { BILLING_MCP_PATH } from '../billing.constants';
import { BillingDemoSeed } from './billing-demo.seeder';

/** What the banner shows. */
export interface BillingBannerInput {
  publicUrl: string;
  listening: string;
  database: string;
  demo: BillingDemoSeed | null;
}

/** The text `main.ts` prints once Billing listens: where to connect and, with the demo, working tokens and a curl. */
export function renderBillingBanner(input: BillingBannerInput): string {
  const mcpUrl = `${input.publicUrl}${BILLING_MCP_PATH}`;
  const lines = [
    '',
    `Kobana Billing is running (listening on ${input.listening})`,
    '',
    `  MCP endpoint   ${mcpUrl}`,
    `  REST API       ${input.publicUrl}/api/v1`,
    `  Database       ${input.database}`,
    '',
  ];
  if (!input.demo) {
    lines.push('  Mint a token:  npm run cli:billing -- token create --organization <slug> --role owner --audience mcp', '');
    return lines.join('\n') + '\n';
  }
  if (!input.demo.mcpToken || !input.demo.apiToken) {
    // Production: the demo exists, its credentials are the operator's to make (docs/security-model.md).
    lines.push(
      `  Demo organization "${input.demo.organizationSlug}", owner ${input.demo.ownerEmail} (no password or token shown in production)`,
      `  Owner password: npm run cli:billing -- password reset --email ${input.demo.ownerEmail}`,
      `  MCP token:      npm run cli:billing -- token create --organization ${input.demo.organizationSlug} --role owner --audience mcp`,
      '',
    );
    return lines.join('\n') + '\n';
  }
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
  lines.push(
    `  Demo organization "${input.demo.organizationSlug}" (owner), tokens valid until ${input.demo.expiresAt ?? 'revoked'}:`,
    `  Demo MCP token:`,
    `    ${input.demo.mcpToken}`,
    `  Demo API token (for the PDF/XML paths the tools answer):`,
    `    ${input.demo.apiToken}`,
    `  Approval pages (${input.publicUrl}/sign-in): ${input.demo.ownerEmail}`,
    input.demo.ownerPassword
      ? `  Owner password ${input.demo.ownerPassword}   (shown only now: just its hash is kept)`
      : '  Owner password set on an earlier start (only its hash is kept)',
    '',
    '  Try it:',
    `    curl -sS ${mcpUrl} \\`,
    `      -H 'Authorization: Bearer ${input.demo.mcpToken}' -H 'Content-Type: application/json' \\`,
    `      -H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/call' -H 'Mcp-Name: billing_invoices_list' \\`,
    `      -d '${body}'`,
    '',
    `  More tokens:   npm run cli:billing -- token create --organization ${input.demo.organizationSlug} --role viewer --audience mcp`,
    '',
  );
  return lines.join('\n') + '\n';
}
