/**
 * Billing's bodies over the limit: its `/api/v1` JSON routes, parsed by the
 * parsers the MCP module installs, and its MCP endpoint answer every
 * oversized request, declared or chunked, with their 413, never a reset,
 * also to a client that reads only after sending everything; a client that
 * keeps trickling past the limit gets its answer at once and the connection
 * closed within the drain's bound (5 s).
 *
 * OVERSIZED_BODY_REQUESTS sets how many requests the 1.2 MB run to
 * `/api/v1` sends (default 1,000); the other runs send a fifth of that each.
 */
import { isDeepStrictEqual } from 'node:util';
import { OversizedAnswer, OversizedTarget, sendOversized, sendThenRead, slowDrip } from '../support/oversized-body.client';
import { BillingTestApp, rest, startBilling } from './billing-app';

jest.setTimeout(120_000);

const REQUESTS = Number(process.env.OVERSIZED_BODY_REQUESTS ?? 1000);
const FEWER = Math.ceil(REQUESTS / 5);
const API_TOO_LARGE = { statusCode: 413, message: 'request entity too large', error: 'Payload Too Large' };
const MCP_TOO_LARGE = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Request body too large (limit 1048576 bytes)' } };
const ANSWERED = '413 the expected body, Connection: close';
const DRAIN_MS = 5_000;
const SLACK_MS = 2_000;

function outcomeAgainst(expected: unknown): (answer: OversizedAnswer) => string {
  return (answer) => {
    if (answer.error) return `no answer: ${answer.error}`;
    let body: unknown = answer.text;
    try {
      body = JSON.parse(answer.text!);
    } catch {
      // Kept as text.
    }
    return `${answer.status} ${isDeepStrictEqual(body, expected) ? 'the expected body' : answer.text!.slice(0, 160)}, Connection: ${answer.headers!.connection}`;
  };
}

async function tally(count: number, send: () => Promise<OversizedAnswer>, outcome: (answer: OversizedAnswer) => string): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  const startedAt = Date.now();
  for (let i = 0; i < count; i++) {
    const key = outcome(await send());
    seen[key] = (seen[key] ?? 0) + 1;
  }
  console.log(`${count} oversized requests in ${Date.now() - startedAt} ms: ${JSON.stringify(seen)}`);
  return seen;
}

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

  it(`answers ${REQUESTS} chunked 1.2 MB bodies to /api/v1 in a row with 413, none with a reset`, async () => {
    expect(await tally(REQUESTS, () => sendOversized(customers, { bytes: 1_200_000 }), outcomeAgainst(API_TOO_LARGE))).toEqual({ [ANSWERED]: REQUESTS });
  });

  it(`answers ${FEWER} chunked and ${FEWER} declared 6 MB bodies to /api/v1 from a client that reads only after sending`, async () => {
    const outcome = outcomeAgainst(API_TOO_LARGE);
    const chunked = await tally(FEWER, () => sendThenRead(customers, { bytes: 6_000_000 }), outcome);
    const declared = await tally(FEWER, () => sendThenRead(customers, { bytes: 6_000_000, declared: true }), outcome);
    expect({ chunked, declared }).toEqual({ chunked: { [ANSWERED]: FEWER }, declared: { [ANSWERED]: FEWER } });
  });

  it('answers a client that keeps trickling past the limit of /api/v1 at once, and closes within the bound', async () => {
    const drip = await slowDrip(customers, { burstBytes: 1_100_000 });
    expect(drip.errorBeforeAnswer).toBeUndefined();
    expect({ status: drip.status, body: JSON.parse(drip.text!), connection: drip.headers.connection }).toEqual({
      status: 413,
      body: API_TOO_LARGE,
      connection: 'close',
    });
    expect(drip.answeredAfterMs).toBeLessThan(SLACK_MS);
    expect(drip.closedAfterMs).toBeGreaterThanOrEqual(DRAIN_MS - 500);
    expect(drip.closedAfterMs).toBeLessThan(DRAIN_MS + SLACK_MS);
  });

  it(`answers ${FEWER} chunked 1.2 MB bodies to /mcp in a row with the module's 413, none with a reset`, async () => {
    const mcp = {
      ...customers,
      path: '/mcp',
      headers: { Authorization: `Bearer ${await billing.token('acme', 'owner')}`, 'Content-Type': 'application/json' },
    };
    expect(await tally(FEWER, () => sendOversized(mcp, { bytes: 1_200_000 }), outcomeAgainst(MCP_TOO_LARGE))).toEqual({ [ANSWERED]: FEWER });
  });

  it('keeps serving the API afterwards', async () => {
    expect((await rest(billing, api, 'GET', '/customers')).status).toBe(200);
  });
});
