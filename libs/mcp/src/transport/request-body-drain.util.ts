import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Bounds of {@link drainRequestBody}: whichever is reached first ends the connection. */
export interface RequestBodyDrainOptions {
  /** Most bytes read and dropped after the call. @default 8 MiB */
  maxBytes?: number;
  /** Longest time spent reading and dropping, from the call, in milliseconds. @default 5000 */
  maxMs?: number;
}

/** Defaults of {@link RequestBodyDrainOptions}. */
export const REQUEST_BODY_DRAIN_DEFAULTS: Readonly<Required<RequestBodyDrainOptions>> = { maxBytes: 8 * 1024 * 1024, maxMs: 5_000 };

/** Sockets already draining: a second call keeps the first one's bounds. */
const draining = new WeakSet<Socket>();

/**
 * Lets a refusal sent before the whole request body was read (a 413, a
 * failed signature) reach the client. Call it where the refusal is decided,
 * before the answer is written.
 *
 * A server that closes a connection with request bytes still unread makes
 * the kernel answer them with a reset, and the reset can wipe the answer
 * before the client reads it; a client that writes its whole request before
 * reading (many do) then fails with EPIPE or ECONNRESET and never sees it.
 * Node closes that way after every `Connection: close` answer. Instead, the
 * rest of the body is read and dropped; the connection closes once the body
 * has ended and the answer is written, or when `maxBytes` more have arrived
 * or `maxMs` have passed, whichever comes first (then at once).
 *
 * The answer gets `Connection: close` (set here on Express's `req.res` when
 * its headers are not sent yet; a plain Node handler sets it itself): the
 * connection is not reused. A request whose body has already arrived is
 * left alone, its connection kept alive.
 *
 * @example
 * ```ts
 * if (tooLarge) {
 *   drainRequestBody(request, { maxBytes: 8 * 1024 * 1024, maxMs: 5000 });
 *   throw new PayloadTooLargeException();
 * }
 * ```
 */
export function drainRequestBody(request: IncomingMessage, options: RequestBodyDrainOptions = {}): void {
  const { maxBytes, maxMs } = { ...REQUEST_BODY_DRAIN_DEFAULTS, ...options };
  const socket = request.socket as Socket | null;
  if (request.complete || !socket || socket.destroyed) return;
  const response = (request as IncomingMessage & { res?: ServerResponse }).res;
  if (response && !response.headersSent) response.setHeader('Connection', 'close');
  if (draining.has(socket)) return;
  draining.add(socket);

  let discarded = 0;
  // Set when Node, the answer written, asked for the connection to close.
  let answered = false;
  const release = () => {
    clearTimeout(deadline);
    request.off('data', drop);
    request.off('end', ended);
    request.off('pause', keepFlowing);
    socket.off('close', release);
    Reflect.deleteProperty(socket, 'destroySoon');
    draining.delete(socket);
  };
  const giveUp = () => {
    release();
    socket.destroy();
  };
  const drop = (chunk: Buffer | string) => {
    discarded += chunk.length;
    if (discarded > maxBytes) giveUp();
  };
  // Nothing unread is left: Node's own close is now clean (a FIN, no reset).
  const ended = () => {
    release();
    if (answered) socket.destroySoon();
  };
  // A body parser that gave up pauses the request; the drain owns the rest of it.
  const keepFlowing = () => setImmediate(() => request.resume());
  const deadline = setTimeout(giveUp, maxMs);
  deadline.unref();

  // Node's server calls destroySoon() once a `Connection: close` answer is
  // written: end, then destroy with the body unread. Here it only ends
  // (the answer, then a FIN) and the connection stays open for reading.
  Object.defineProperty(socket, 'destroySoon', {
    configurable: true,
    writable: true,
    value: function endOnly(this: Socket) {
      answered = true;
      if (this.writable) this.end();
    },
  });
  request.on('data', drop);
  request.once('end', ended);
  request.on('pause', keepFlowing);
  socket.once('close', release);
  request.resume();
}
