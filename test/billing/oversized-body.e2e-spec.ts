/**
 * Billing's bodies over the limit (the cases in
 * test/support/oversized-body.cases.ts): its `/api/v1` JSON routes, parsed by
 * the parsers the MCP module installs, and its MCP endpoint.
 */
import { OversizedTarget } from '../support/oversized-body.client';
import { API_TOO_LARGE, itAnswersOversized, itAnswersOversizedMcp } from '../support/oversized-body.cases';
import { BillingTestApp, rest, startBilling } from './billing-app';

jest.setTimeout(120_000);

describe('Billing: an oversized body always gets its answer', () => {
  let billing: BillingTestApp;
  let api: string;
  let customers: OversizedTarget;

  beforeAll(async () => {
    billing = await startBilling();
    api = await billing.token('acme', 'owner', { audience: 'api' });
    customers = {
      port: Number(new URL(billing.baseUrl).port),
      path: '/api/v1/customers',
      headers: { Authorization: `Bearer ${api}`, 'Content-Type': 'application/json' },
    };
  });
  afterAll(() => billing?.close());

  describe('a JSON route of /api/v1', () => {
    itAnswersOversized({ target: () => customers, tooLarge: API_TOO_LARGE, limitName: 'limit', burstBytes: 1_100_000 });
  });

  describe('the MCP endpoint', () => {
    itAnswersOversizedMcp(async () => ({
      ...customers,
      path: '/mcp',
      headers: { Authorization: `Bearer ${await billing.token('acme', 'owner')}`, 'Content-Type': 'application/json' },
    }));
  });

  it('keeps serving the API afterwards', async () => {
    expect((await rest(billing, api, 'GET', '/customers')).status).toBe(200);
  });
});
