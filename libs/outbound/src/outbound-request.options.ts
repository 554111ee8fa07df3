import type { IncomingHttpHeaders } from 'node:http';

/** @default for {@link OutboundRequest.timeoutMs}: 5 s, connection included. */
export const DEFAULT_OUTBOUND_TIMEOUT_MS = 5000;

/** @default for {@link OutboundRequest.maxResponseBytes}: 64 KiB, enough to be polite, never a memory risk. */
export const DEFAULT_OUTBOUND_MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Which addresses a request may reach. `public` is the only safe choice for
 * an address a user gave; the others are for tests and local development.
 */
export type OutboundReach = 'public' | 'public-and-loopback' | 'any';

/** One request to a user-given URL. Redirects are never followed: a 3xx is answered as it is. */
export interface OutboundRequest {
  /** `http:` or `https:`; anything else fails before connecting. */
  url: string;
  /** @default 'GET' */
  method?: string;
  /** @default {} */
  headers?: Record<string, string>;
  /** Sent with its `Content-Length`. @default none */
  body?: string | Buffer;
  /** For the whole exchange: connection, request, and reading the answer. @default {@link DEFAULT_OUTBOUND_TIMEOUT_MS} */
  timeoutMs?: number;
  /** Bytes of the answer kept; past them the connection is closed and the result says `truncated`. @default {@link DEFAULT_OUTBOUND_MAX_RESPONSE_BYTES} */
  maxResponseBytes?: number;
  /** @default 'public' */
  reach?: OutboundReach;
  /**
   * PEM text of extra certificate authorities trusted for `https:`, besides
   * the system's (tests serving a self-signed certificate). @default none
   */
  ca?: string;
}

/** An answer came: any status, 3xx included. */
export interface OutboundResponse {
  ok: true;
  status: number;
  headers: IncomingHttpHeaders;
  /** At most `maxResponseBytes`. */
  body: Buffer;
  /** Whether the answer was longer than `maxResponseBytes` (then `body` is cut and the connection closed). */
  truncated: boolean;
  durationMs: number;
}

/** No answer: an invalid URL, a refused address, a network error or a timeout. */
export interface OutboundFailure {
  ok: false;
  /** Why, in a few words (see `OUTBOUND_MESSAGES`). */
  error: string;
  /** Whether the address guard refused the target (as opposed to the network failing). */
  refused: boolean;
  durationMs: number;
}

/** The outcome of {@link guardedRequest}. */
export type OutboundResult = OutboundResponse | OutboundFailure;
