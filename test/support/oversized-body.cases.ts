/**
 * Bodies over the limit, as a client lives them, the same cases on every
 * route that has a limit: every oversized request, declared or chunked, gets
 * its 413 and the exact body, never a reset, however many come in a row,
 * also for a client that reads only after sending everything; a client that
 * keeps trickling past the limit gets its answer at once and the connection
 * closed within the drain's bound (5 s).
 *
 * OVERSIZED_BODY_REQUESTS sets how many requests each 1.2 MB run sends
 * (default 1,000); the 6 MB runs (and the MCP runs of a host) send a fifth
 * of that each.
 */
import { isDeepStrictEqual } from 'node:util';
import { OversizedAnswer, OversizedTarget, sendOversized, sendThenRead, slowDrip } from './oversized-body.client';

/** Requests of each 1.2 MB run. */
export const OVERSIZED_REQUESTS = Number(process.env.OVERSIZED_BODY_REQUESTS ?? 1000);
/** Requests of each 6 MB run: more than the socket buffers hold, so the client is still writing when the 413 is sent. */
export const OVERSIZED_FEWER = Math.ceil(OVERSIZED_REQUESTS / 5);
/** Nest's 413 for a JSON body over the parsers' limit. */
export const API_TOO_LARGE = { statusCode: 413, message: 'request entity too large', error: 'Payload Too Large' };
/** The MCP module's 413. */
export const MCP_TOO_LARGE = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Request body too large (limit 1048576 bytes)' } };
/** The outcome every oversized request must have. */
export const ANSWERED = '413 the expected body, Connection: close';
/** The drain's bound in time, and what the test allows on top of it on a loaded machine. */
const DRAIN_MS = 5_000;
const SLACK_MS = 2_000;

/**
 * One line per kind of outcome, so a failure shows every kind and how often.
 * `exact` wants the body's very bytes to be `expected` serialised, not only an equal JSON value.
 */
export function outcomeAgainst(expected: unknown, exact = false): (answer: OversizedAnswer) => string {
  return (answer) => {
    if (answer.error) return `no answer: ${answer.error}`;
    const same = exact ? answer.text === JSON.stringify(expected) : isDeepStrictEqual(parsed(answer.text!), expected);
    return `${answer.status} ${same ? 'the expected body' : answer.text!.slice(0, 160)}, Connection: ${answer.headers!.connection}`;
  };
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Sends `count` requests one after the other; answers how many had each outcome. */
export async function tally(
  count: number,
  send: () => Promise<OversizedAnswer>,
  outcome: (answer: OversizedAnswer) => string,
): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  const startedAt = Date.now();
  for (let i = 0; i < count; i++) {
    const key = outcome(await send());
    seen[key] = (seen[key] ?? 0) + 1;
  }
  console.log(`${count} oversized requests in ${Date.now() - startedAt} ms: ${JSON.stringify(seen)}`);
  return seen;
}

/** Expects a slow-drip client's answer: `expected` at once, the connection closed by the drain's bound. */
export function expectDripAnswered(drip: Awaited<ReturnType<typeof slowDrip>>, expected: unknown): void {
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

/** A route with a limit, for {@link itAnswersOversized}. */
export interface LimitedRoute {
  /** Where to send, read when a case runs. */
  target(): OversizedTarget;
  /** The 413's body. */
  tooLarge: unknown;
  /** What the limit is called in the trickle case's name ("limit", "size"). */
  limitName: string;
  /** What the trickling client sends at once: past the limit. */
  burstBytes: number;
}

/** Registers the three cases of a route with a limit: in a row, read only after sending, trickling. */
export function itAnswersOversized(route: LimitedRoute): void {
  it(`answers ${OVERSIZED_REQUESTS} chunked 1.2 MB bodies in a row with 413, none with a reset`, async () => {
    const seen = await tally(OVERSIZED_REQUESTS, () => sendOversized(route.target(), { bytes: 1_200_000 }), outcomeAgainst(route.tooLarge));
    expect(seen).toEqual({ [ANSWERED]: OVERSIZED_REQUESTS });
  });

  it(`answers ${OVERSIZED_FEWER} chunked and ${OVERSIZED_FEWER} declared 6 MB bodies from a client that reads only after sending everything`, async () => {
    const outcome = outcomeAgainst(route.tooLarge);
    const chunked = await tally(OVERSIZED_FEWER, () => sendThenRead(route.target(), { bytes: 6_000_000 }), outcome);
    const declared = await tally(OVERSIZED_FEWER, () => sendThenRead(route.target(), { bytes: 6_000_000, declared: true }), outcome);
    expect({ chunked, declared }).toEqual({ chunked: { [ANSWERED]: OVERSIZED_FEWER }, declared: { [ANSWERED]: OVERSIZED_FEWER } });
  });

  it(`answers a client that keeps trickling past the ${route.limitName} at once, and closes within the bound`, async () => {
    expectDripAnswered(await slowDrip(route.target(), { burstBytes: route.burstBytes }), route.tooLarge);
  });
}

/** Registers a host's run against its MCP endpoint (the module's own runs are in test/mcp/oversized-body.e2e-spec.ts). */
export function itAnswersOversizedMcp(target: () => Promise<OversizedTarget>): void {
  it(`answers ${OVERSIZED_FEWER} chunked 1.2 MB bodies in a row with the module's 413, none with a reset`, async () => {
    const mcp = await target();
    const seen = await tally(OVERSIZED_FEWER, () => sendOversized(mcp, { bytes: 1_200_000 }), outcomeAgainst(MCP_TOO_LARGE));
    expect(seen).toEqual({ [ANSWERED]: OVERSIZED_FEWER });
  });
}
