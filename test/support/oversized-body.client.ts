/**
 * Clients that send more body than a server accepts and report what came
 * back: the whole answer, or the error that ended the exchange before it
 * (a reset, a broken pipe, no answer in time). A reset is never an answer.
 */
import * as http from 'node:http';
import * as net from 'node:net';

/** Where and how to send. */
export interface OversizedTarget {
  port: number;
  /** Path and query. */
  path: string;
  /** @default 'POST' */
  method?: string;
  headers: Record<string, string>;
}

/** What came back: an answer, or the error that ended the exchange before the answer was whole. */
export interface OversizedAnswer {
  status?: number;
  headers?: http.IncomingHttpHeaders;
  text?: string;
  error?: string;
}

/** Options of {@link sendOversized}. */
export interface SendOversizedOptions {
  /** Bytes of body to send. */
  bytes: number;
  /** Size of each write. @default 64 KiB */
  chunkBytes?: number;
  /** Send `Content-Length: bytes` instead of a chunked body. @default false */
  declared?: boolean;
  /** @default 15000 */
  timeoutMs?: number;
}

/** One byte JSON ignores: the body reads as whitespace, so only its size matters. */
const FILLER = 0x20;

/**
 * Sends `bytes` of body with `http.request` on its own connection, as fast
 * as the socket takes them, and keeps sending until the answer has arrived
 * (as Node's client and fetch do). Resolves with the answer, or with the
 * error when the connection failed before the answer was whole.
 */
export function sendOversized(target: OversizedTarget, options: SendOversizedOptions): Promise<OversizedAnswer> {
  const { bytes, chunkBytes = 64 * 1024, declared = false, timeoutMs = 15_000 } = options;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: OversizedAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const headers = { ...target.headers, ...(declared ? { 'Content-Length': String(bytes) } : {}) };
    const request = http.request(
      { host: '127.0.0.1', port: target.port, path: target.path, method: target.method ?? 'POST', headers, agent: false },
      (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => settle({ status: response.statusCode, headers: response.headers, text: Buffer.concat(parts).toString('utf8') }));
        response.on('error', (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message }));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message }));
    const timer = setTimeout(() => {
      settle({ error: `no answer within ${timeoutMs} ms` });
      request.destroy();
    }, timeoutMs);
    const chunk = Buffer.alloc(chunkBytes, FILLER);
    let sent = 0;
    const writeMore = () => {
      while (!settled && !request.destroyed && sent < bytes) {
        const size = Math.min(chunkBytes, bytes - sent);
        sent += size;
        if (!request.write(size === chunkBytes ? chunk : chunk.subarray(0, size))) {
          request.once('drain', writeMore);
          return;
        }
      }
      if (!settled && !request.destroyed) request.end();
    };
    writeMore();
  });
}

/**
 * Sends the whole body over a raw socket and only then reads the answer, as
 * clients that write their request before looking at the response do
 * (Python's http.client, buffering proxies). A server that closes on unread
 * bytes resets the connection under the writes, and this client never sees
 * the answer: the case that lingering servers exist for.
 */
export function sendThenRead(target: OversizedTarget, options: SendOversizedOptions): Promise<OversizedAnswer> {
  const { bytes, chunkBytes = 64 * 1024, declared = false, timeoutMs = 15_000 } = options;
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: target.port });
    let received = Buffer.alloc(0);
    let settled = false;
    const settle = (answer: OversizedAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => settle({ error: `no answer within ${timeoutMs} ms` }), timeoutMs);
    // Nothing is read until the whole request is written.
    socket.pause();
    socket.on('error', (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message }));
    socket.on('data', (data: Buffer) => {
      received = Buffer.concat([received, data]);
      const answer: SlowDripResult = { headers: {}, drippedBytes: 0 };
      readAnswer(received, answer, () => 0);
      if (answer.status !== undefined) settle({ status: answer.status, headers: answer.headers, text: answer.text });
    });
    socket.on('close', () => settle({ error: 'closed before the answer was whole' }));
    socket.on('connect', () => {
      const head = [
        `${target.method ?? 'POST'} ${target.path} HTTP/1.1`,
        `Host: 127.0.0.1:${target.port}`,
        ...Object.entries(target.headers).map(([name, value]) => `${name}: ${value}`),
        declared ? `Content-Length: ${bytes}` : 'Transfer-Encoding: chunked',
        '',
        '',
      ].join('\r\n');
      socket.write(head);
      const chunk = Buffer.alloc(chunkBytes, FILLER);
      let sent = 0;
      const writeMore = () => {
        while (!settled && sent < bytes) {
          const size = Math.min(chunkBytes, bytes - sent);
          sent += size;
          const data = size === chunkBytes ? chunk : chunk.subarray(0, size);
          const framed = declared ? data : Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
          if (!socket.write(framed)) {
            socket.once('drain', writeMore);
            return;
          }
        }
        if (settled) return;
        socket.write(declared ? Buffer.alloc(0) : Buffer.from('0\r\n\r\n'), () => socket.resume());
      };
      writeMore();
    });
  });
}

/** Options of {@link slowDrip}. */
export interface SlowDripOptions {
  /** Bytes sent at once, past the server's limit. */
  burstBytes: number;
  /** Bytes of each later chunk. @default 64 */
  dripBytes?: number;
  /** Time between later chunks. @default 50 */
  everyMs?: number;
  /** When the client stops waiting for the server to close. @default 15000 */
  giveUpMs?: number;
}

/** What a slow-drip client saw, timed from the moment its burst past the limit was written. */
export interface SlowDripResult {
  status?: number;
  headers: Record<string, string>;
  text?: string;
  /** When the whole answer had arrived. */
  answeredAfterMs?: number;
  /** When the server closed the connection (undefined: still open at `giveUpMs`). */
  closedAfterMs?: number;
  /** An error on the socket before the whole answer had arrived. */
  errorBeforeAnswer?: string;
  /** Bytes the client kept sending after the burst. */
  drippedBytes: number;
}

/**
 * A client that sends a chunked body past the limit at once, then keeps
 * trickling small chunks and never finishes it, reading all the while. Its
 * socket stays half-open (`allowHalfOpen`), so it keeps sending after the
 * server's FIN: only the server's own bound can end the exchange.
 */
export function slowDrip(target: OversizedTarget, options: SlowDripOptions): Promise<SlowDripResult> {
  const { burstBytes, dripBytes = 64, everyMs = 50, giveUpMs = 15_000 } = options;
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: target.port, allowHalfOpen: true });
    const result: SlowDripResult = { headers: {}, drippedBytes: 0 };
    let received = Buffer.alloc(0);
    let startedAt = 0;
    let dripper: NodeJS.Timeout | undefined;
    const elapsed = () => Date.now() - startedAt;
    const finish = () => {
      clearInterval(dripper);
      clearTimeout(giveUp);
      resolve(result);
    };
    const giveUp = setTimeout(() => {
      socket.destroy();
      finish();
    }, giveUpMs);
    const chunkOf = (size: number) => Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), Buffer.alloc(size, FILLER), Buffer.from('\r\n')]);

    socket.on('connect', () => {
      const head = [
        `${target.method ?? 'POST'} ${target.path} HTTP/1.1`,
        `Host: 127.0.0.1:${target.port}`,
        ...Object.entries(target.headers).map(([name, value]) => `${name}: ${value}`),
        'Transfer-Encoding: chunked',
        '',
        '',
      ].join('\r\n');
      socket.write(head);
      socket.write(chunkOf(burstBytes), () => {
        startedAt = Date.now();
        dripper = setInterval(() => {
          if (socket.destroyed || !socket.writable) return;
          socket.write(chunkOf(dripBytes));
          result.drippedBytes += dripBytes;
        }, everyMs);
      });
    });
    socket.on('data', (data: Buffer) => {
      received = Buffer.concat([received, data]);
      if (result.answeredAfterMs === undefined) readAnswer(received, result, elapsed);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (result.answeredAfterMs === undefined) result.errorBeforeAnswer = error.code ?? error.message;
    });
    socket.on('close', () => {
      result.closedAfterMs = elapsed();
      finish();
    });
  });
}

/** Parses the answer once it is whole (it must carry `Content-Length`). */
function readAnswer(received: Buffer, result: SlowDripResult, elapsed: () => number): void {
  const end = received.indexOf('\r\n\r\n');
  if (end < 0) return;
  const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  const length = Number(headers['content-length']);
  if (!Number.isInteger(length) || received.length < end + 4 + length) return;
  result.status = Number(statusLine.split(' ')[1]);
  result.headers = headers;
  result.text = received.subarray(end + 4, end + 4 + length).toString('utf8');
  result.answeredAfterMs = elapsed();
}
