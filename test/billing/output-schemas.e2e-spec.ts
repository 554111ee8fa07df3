/**
 * Every Billing tool declares what it answers: an `outputSchema` built from
 * the response class its route answers, in both eras. That each real answer
 * matches is checked wherever a spec calls a tool (the testing kit and
 * `callTool` of billing-app run `expectToolOutputMatches`).
 */
import { McpTestClient } from '@kobana/mcp/testing';
import { startBilling } from './billing-app';
import { expectEveryToolDeclaresOutput } from '../support/output-schemas.expectations';

jest.setTimeout(30_000);

describe('Billing: output schemas', () => {
  let billing: Awaited<ReturnType<typeof startBilling>>;
  let mcp: McpTestClient;
  beforeAll(async () => {
    billing = await startBilling();
    mcp = await McpTestClient.create(billing.app, { token: await billing.token('acme', 'admin') });
  });
  afterAll(() => billing?.close());

  it('all 23 tools list an object outputSchema a strict 2020-12 validator compiles; destructive ones admit the approval link', async () => {
    const facts = await expectEveryToolDeclaresOutput(mcp);
    expect(facts.names).toHaveLength(23);
  });

  it('a listing is { data, meta: { total, page, per_page } } whose items keep the view closed but require nothing (fields picks them)', async () => {
    const tools = Object.fromEntries((await mcp.listTools()).map((tool) => [tool.name, tool]));
    const page = tools.billing_invoices_list.outputSchema;
    expect(page.properties.meta.required).toEqual(['total', 'page', 'per_page']);
    const item = page.properties.data.items;
    expect(item.required).toBeUndefined();
    expect(item.additionalProperties).toBe(false);
    expect(Object.keys(item.properties)).toEqual(Object.keys(tools.billing_invoices_get.outputSchema.properties));
    expect(item.properties.paid_at).toEqual(tools.billing_invoices_get.outputSchema.properties.paid_at);
  });
});
