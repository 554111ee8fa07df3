/**
 * docs/protocol.md §1 steps 3 and 5 as a client lives them: a body over the limit,
 * declared or chunked, always gets its 413 and the exact body, never a
 * reset, however many come in a row, also for a client that reads only
 * after sending everything; and a client that keeps sending past the limit
 * gets its answer at once and the connection closed within the drain's
 * bound (5 s).
 *
 * OVERSIZED_BODY_REQUESTS sets how many requests the 1.2 MB run sends
 * (default 1,000); the 6 MB runs send a fifth of that each.
 */
import { INestApplication } from '@nestjs/common';
import { AddressInfo } from 'node:net';
import { createFixtureApp, PLATFORMS } from './support/fixture.app';
import { OversizedTarget, sendOversized, sendThenRead, slowDrip } from '../support/oversized-body.client';
import {
  ANSWERED,
  expectDripAnswered,
  MCP_TOO_LARGE,
  OVERSIZED_FEWER as FEWER,
  OVERSIZED_REQUESTS as REQUESTS,
  outcomeAgainst,
  tally as tallyOf,
} from '../support/oversized-body.cases';

jest.setTimeout(120_000);

/** The module's 413, byte for byte. */
const outcome = outcomeAgainst(MCP_TOO_LARGE, true);
const tally = (count: number, send: Parameters<typeof tallyOf>[1]) => tallyOf(count, send, outcome);

describe.each(PLATFORMS)('MCP endpoint: an oversized body always gets its answer (%s)', (platform) => {
  let app: INestApplication;
  let mcp: OversizedTarget;

  beforeAll(async () => {
    app = await createFixtureApp({}, '/mcp', platform);
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    mcp = { port, path: '/mcp', headers: { Authorization: 'Bearer token-reader', 'Content-Type': 'application/json' } };
  });
  afterAll(() => app.close());

  it(`answers ${REQUESTS} chunked 1.2 MB bodies in a row, each with the 413 body, none with a reset`, async () => {
    const seen = await tally(REQUESTS, () => sendOversized(mcp, { bytes: 1_200_000 }));
    expect(seen).toEqual({ [ANSWERED]: REQUESTS });
  });

  it(`answers ${FEWER} chunked 6 MB bodies from a client that reads only after sending everything`, async () => {
    const seen = await tally(FEWER, () => sendThenRead(mcp, { bytes: 6_000_000 }));
    expect(seen).toEqual({ [ANSWERED]: FEWER });
  });

  it(`answers ${FEWER} declared 6 MB bodies the same way, before authentication`, async () => {
    const anonymous = { ...mcp, headers: { 'Content-Type': 'application/json' } };
    const seen = await tally(FEWER, () => sendThenRead(anonymous, { bytes: 6_000_000, declared: true }));
    expect(seen).toEqual({ [ANSWERED]: FEWER });
  });

  it('answers a client that keeps trickling past the limit at once, and closes within the bound', async () => {
    expectDripAnswered(await slowDrip(mcp, { burstBytes: 1_100_000 }), MCP_TOO_LARGE);
  });

  it('keeps serving afterwards', async () => {
    const answer = await fetch(`http://127.0.0.1:${mcp.port}/mcp`, {
      method: 'POST',
      headers: mcp.headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });
});
