import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import { guardedLookup, isReachable, OutboundRefusal } from './outbound-lookup.policy';
import { OUTBOUND_MESSAGES } from './outbound.messages';
import { DEFAULT_OUTBOUND_MAX_RESPONSE_BYTES, DEFAULT_OUTBOUND_TIMEOUT_MS, OutboundRequest, OutboundResult } from './outbound-request.options';

/**
 * Sends one request to a user-given URL behind the non-public-address guard.
 * Built on `http.request` rather than `fetch` for its `lookup` hook: every
 * address a name resolves to is checked when the connection is made, so a
 * DNS answer that changed since the URL was saved (rebinding) still cannot
 * reach a private network. An IP literal, which skips `lookup`, is checked
 * before connecting. Redirects are never followed; the answer is read up
 * to a bound, within one timeout for the whole exchange.
 *
 * Never throws: every failure is a result.
 */
export function guardedRequest(request: OutboundRequest): Promise<OutboundResult> {
  const started = performance.now();
  const timeoutMs = request.timeoutMs ?? DEFAULT_OUTBOUND_TIMEOUT_MS;
  const maxBytes = request.maxResponseBytes ?? DEFAULT_OUTBOUND_MAX_RESPONSE_BYTES;
  const reach = request.reach ?? 'public';
  const elapsed = () => Math.round(performance.now() - started);
  const failure = (error: string, refused = false): OutboundResult => ({ ok: false, error, refused, durationMs: elapsed() });

  let target: URL;
  try {
    target = new URL(request.url);
  } catch {
    return Promise.resolve(failure(OUTBOUND_MESSAGES.invalidUrl));
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return Promise.resolve(failure(OUTBOUND_MESSAGES.unsupportedScheme(target.protocol)));
  // `lookup` runs for names only: an IP literal is connected to as it is, so it is checked here.
  const literal = target.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(literal) && !isReachable(literal, reach)) return Promise.resolve(failure(OUTBOUND_MESSAGES.literalRefused(literal), true));

  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: OutboundResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const body = request.body;
    const headers = { ...request.headers, ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }) };
    const outgoing = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, {
      method: request.method ?? 'GET',
      headers,
      lookup: reach === 'any' ? undefined : guardedLookup(reach),
      // A connection of its own: a pooled keep-alive socket would skip \`lookup\`, and could have been opened under another \`reach\`.
      agent: false,
      timeout: timeoutMs,
      ...(request.ca && target.protocol === 'https:' ? { secureContext: trusting(request.ca) } : {}),
    });
    const timeOut = () => {
      settle(failure(OUTBOUND_MESSAGES.timedOut(timeoutMs)));
      outgoing.destroy(new Error(OUTBOUND_MESSAGES.timedOut(timeoutMs)));
    };
    const timer = setTimeout(timeOut, timeoutMs);
    outgoing.on('timeout', timeOut);
    outgoing.on('response', (response: IncomingMessage) => readBounded(response, maxBytes, elapsed, settle));
    outgoing.on('error', (error) => settle(failure(error.message, error instanceof OutboundRefusal)));
    outgoing.end(body);
  });
}

/** One TLS context per extra authority: building one parses every system root again (tens of milliseconds). */
const contexts = new Map<string, SecureContext>();

/** The system's authorities plus `ca` (a list given as `ca` replaces the system's: keep them and add the extra one). */
function trusting(ca: string): SecureContext {
  let context = contexts.get(ca);
  if (!context) {
    context = createSecureContext({ ca: [...rootCertificates, ca] });
    contexts.set(ca, context);
  }
  return context;
}

/** Keeps at most `maxBytes` of the answer; past them the connection is closed, not read to its end. */
function readBounded(response: IncomingMessage, maxBytes: number, elapsed: () => number, settle: (result: OutboundResult) => void): void {
  const chunks: Buffer[] = [];
  let kept = 0;
  const answer = (truncated: boolean): OutboundResult => ({
    ok: true,
    status: response.statusCode ?? 0,
    headers: response.headers,
    body: Buffer.concat(chunks, kept),
    truncated,
    durationMs: elapsed(),
  });
  response.on('data', (chunk: Buffer) => {
    const room = maxBytes - kept;
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room));
      kept += room;
      settle(answer(true));
      response.destroy();
      return;
    }
    chunks.push(chunk);
    kept += chunk.length;
  });
  // A reset while reading is not a failure of the request: the status came, and `close` follows.
  response.on('error', () => undefined);
  response.on('close', () => settle(answer(false)));
}
