/**
 * Kadu's bodies over the limit, as a client lives them: a JSON route of
 * `/api/v1` (1 MiB, the parsers the MCP module installs) and the
 * presigned upload URL (the size the file was created with) answer every
 * oversized request, declared or chunked, with their 413 in Nest's error
 * shape, never a reset, also to a client that reads only after sending
 * everything; a client that keeps trickling past the limit gets its answer
 * at once and the connection closed within the drain's bound (5 s). Kadu's
 * MCP endpoint gets one run here; the module's own runs are in
 * test/mcp/oversized-body.e2e-spec.ts.
 *
 * OVERSIZED_BODY_REQUESTS sets how many requests each 1.2 MB run sends
 * (default 1,000); the 6 MB runs send a fifth of that each.
 */
import { isDeepStrictEqual } from 'node:util';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { OversizedAnswer, OversizedTarget, sendOversized, sendThenRead, slowDrip } from '../support/oversized-body.client';
import { callRest, tokensOf } from './files-webhooks.support';

jest.setTimeout(180_000);

const REQUESTS = Number(process.env.OVERSIZED_BODY_REQUESTS ?? 1000);
// 6 MB: more than the socket buffers hold, so the client is still writing when the 413 is sent.
const FEWER = Math.ceil(REQUESTS / 5);
const API_TOO_LARGE = { statusCode: 413, message: 'request entity too large', error: 'Payload Too Large' };
const MCP_TOO_LARGE = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Request body too large (limit 1048576 bytes)' } };
/** The drain's bound in time, and what the test allows on top of it on a loaded machine. */
const DRAIN_MS = 5_000;
const SLACK_MS = 2_000;

/** One line per kind of outcome, so a failure shows every kind and how often. */
function outcomeAgainst(expected: unknown): (answer: OversizedAnswer) => string {
  return (answer) => {
    if (answer.error) return `no answer: ${answer.error}`;
    const body = isDeepStrictEqual(parsed(answer.text!), expected) ? 'the expected body' : answer.text!.slice(0, 160);
    return `${answer.status} ${body}, Connection: ${answer.headers!.connection}`;
  };
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
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

describe('Kadu: an oversized body always gets its answer', () => {
  let kadu: KaduTestApp;
  let port: number;
  let api: string;

  beforeAll(async () => {
    kadu = await startKadu();
    port = Number(new URL(kadu.baseUrl).port);
    api = (await tokensOf(kadu, 'oversized')).api;
  });
  afterAll(() => kadu?.close());

  describe('a JSON route of /api/v1', () => {
    const tasks = (): OversizedTarget => ({ port, path: '/api/v1/tasks', headers: { Authorization: `Bearer ${api}`, 'Content-Type': 'application/json' } });
    const expected = `413 the expected body, Connection: close`;

    it(`answers ${REQUESTS} chunked 1.2 MB bodies in a row with 413, none with a reset`, async () => {
      const seen = await tally(REQUESTS, () => sendOversized(tasks(), { bytes: 1_200_000 }), outcomeAgainst(API_TOO_LARGE));
      expect(seen).toEqual({ [expected]: REQUESTS });
    });

    it(`answers ${FEWER} chunked and ${FEWER} declared 6 MB bodies from a client that reads only after sending everything`, async () => {
      const outcome = outcomeAgainst(API_TOO_LARGE);
      const chunked = await tally(FEWER, () => sendThenRead(tasks(), { bytes: 6_000_000 }), outcome);
      const declared = await tally(FEWER, () => sendThenRead(tasks(), { bytes: 6_000_000, declared: true }), outcome);
      expect({ chunked, declared }).toEqual({ chunked: { [expected]: FEWER }, declared: { [expected]: FEWER } });
    });

    it('answers a client that keeps trickling past the limit at once, and closes within the bound', async () => {
      const drip = await slowDrip(tasks(), { burstBytes: 1_100_000 });
      expectDripAnswered(drip, API_TOO_LARGE);
    });

    it('still parses a body of exactly 1 MiB, and keeps serving', async () => {
      const name = 'x'.repeat(1_048_576 - JSON.stringify({ name: '' }).length);
      const response = await fetch(`${kadu.baseUrl}/api/v1/tasks`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${api}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      // Parsed, then refused by validation: the body reached the route.
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect((await callRest(kadu, api, 'GET', '/tasks?limit=1')).status).toBe(200);
    });
  });

  describe('the MCP endpoint', () => {
    it(`answers ${FEWER} chunked 1.2 MB bodies in a row with the module's 413, none with a reset`, async () => {
      const mcp: OversizedTarget = {
        port,
        path: '/mcp',
        headers: { Authorization: `Bearer ${await kadu.token('oversized', 'viewer')}`, 'Content-Type': 'application/json' },
      };
      const seen = await tally(FEWER, () => sendOversized(mcp, { bytes: 1_200_000 }), outcomeAgainst(MCP_TOO_LARGE));
      expect(seen).toEqual({ '413 the expected body, Connection: close': FEWER });
    });
  });

  describe('the presigned upload URL', () => {
    const SIZE = 64 * 1024;
    const UPLOAD_TOO_LARGE = { statusCode: 413, message: `The file was declared with ${SIZE} bytes; send exactly that many`, error: 'Payload Too Large' };
    const expected = `413 the expected body, Connection: close`;
    let upload: OversizedTarget;

    beforeAll(async () => {
      const created = await callRest(kadu, api, 'POST', '/files', { filename: 'big.csv', content_type: 'text/csv', size: SIZE });
      const url = new URL((created.body as { upload_url: string }).upload_url);
      // Every refusal leaves the URL usable, so one URL serves every request.
      upload = { port, path: `${url.pathname}${url.search}`, method: 'PUT', headers: { 'Content-Type': 'text/csv' } };
    });

    it(`answers ${REQUESTS} chunked 1.2 MB bodies in a row with 413, none with a reset`, async () => {
      const seen = await tally(REQUESTS, () => sendOversized(upload, { bytes: 1_200_000 }), outcomeAgainst(UPLOAD_TOO_LARGE));
      expect(seen).toEqual({ [expected]: REQUESTS });
    });

    it(`answers ${FEWER} chunked and ${FEWER} declared 6 MB bodies from a client that reads only after sending everything`, async () => {
      const outcome = outcomeAgainst(UPLOAD_TOO_LARGE);
      const chunked = await tally(FEWER, () => sendThenRead(upload, { bytes: 6_000_000 }), outcome);
      const declared = await tally(FEWER, () => sendThenRead(upload, { bytes: 6_000_000, declared: true }), outcome);
      expect({ chunked, declared }).toEqual({ chunked: { [expected]: FEWER }, declared: { [expected]: FEWER } });
    });

    it('answers a client that keeps trickling past the size at once, and closes within the bound', async () => {
      const drip = await slowDrip(upload, { burstBytes: SIZE + 1 });
      expectDripAnswered(drip, UPLOAD_TOO_LARGE);
    });

    it('still takes the exact size through the same URL afterwards', async () => {
      const response = await fetch(`${kadu.baseUrl}${upload.path}`, { method: 'PUT', headers: upload.headers, body: Buffer.alloc(SIZE, 0x61) });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'uploaded', size: SIZE });
    });
  });
});

function expectDripAnswered(drip: Awaited<ReturnType<typeof slowDrip>>, expected: unknown): void {
  expect(drip.errorBeforeAnswer).toBeUndefined();
  expect(drip.status).toBe(413);
  expect(JSON.parse(drip.text!)).toEqual(expected);
  expect(drip.headers.connection).toBe('close');
  expect(drip.answeredAfterMs).toBeLessThan(SLACK_MS);
  // Read and dropped until the bound, not reset at once; closed by the bound, not left open.
  expect(drip.closedAfterMs).toBeGreaterThanOrEqual(DRAIN_MS - 500);
  expect(drip.closedAfterMs).toBeLessThan(DRAIN_MS + SLACK_MS);
  expect(drip.drippedBytes).toBeGreaterThan(0);
}
