/**
 * Billing's MCP path is matched exactly (the cases in
 * test/support/mcp-path.cases.ts), before the body parsers the MCP module
 * installs for Billing.
 */
import { describeMcpPath } from '../support/mcp-path.cases';
import { BILLING_TEST_PUBLIC_URL, startBilling } from './billing-app';

describeMcpPath('Billing', async () => {
  const billing = await startBilling();
  return { baseUrl: billing.baseUrl, publicUrl: BILLING_TEST_PUBLIC_URL, mcpToken: await billing.token('acme', 'owner'), close: () => billing.close() };
});
