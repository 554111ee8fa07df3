import * as http from 'node:http';
import * as net from 'node:net';
import { AddressInfo } from 'node:net';
import { drainRequestBody, RequestBodyDrainOptions } from './request-body-drain.util';

/** A plain Node server that refuses every body at once with 413 and `Connection: close`, draining the rest. */
async function refusingServer(options: RequestBodyDrainOptions): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    drainRequestBody(request, options);
    response.writeHead(413, { 'Content-Type': 'text/plain', 'Content-Length': '9', Connection: 'close' }).end('too large');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface Exchange {
  answer: string;
  /** Body bytes the client managed to write. */
  written: number;
  /** How the connection ended: 'end' (the server's FIN, then close) or an error code. */
  ending: string;
  ms: number;
}

/**
 * Writes a chunked body of `total` bytes in `chunk`-byte pieces every `everyMs`, reading all the while,
 * until the server closes or the body is sent; then finishes it, ends its side and waits for the close.
 */
function send(port: number, total: number, chunk: number, everyMs: number): Promise<Exchange> {
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const socket = net.connect({ host: '127.0.0.1', port, allowHalfOpen: true });
    let answer = '';
    let written = 0;
    let ending = 'close';
    let timer: NodeJS.Timeout | undefined;
    socket.write('POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n');
    const piece = Buffer.concat([Buffer.from(`${chunk.toString(16)}\r\n`), Buffer.alloc(chunk, 0x20), Buffer.from('\r\n')]);
    const writeNext = () => {
      if (socket.destroyed) return;
      if (written >= total) return void socket.end('0\r\n\r\n');
      written += chunk;
      socket.write(piece);
      timer = setTimeout(writeNext, everyMs);
    };
    writeNext();
    socket.on('data', (data: Buffer) => (answer += data.toString('latin1')));
    socket.on('end', () => (ending = 'end'));
    socket.on('error', (error: NodeJS.ErrnoException) => (ending = error.code ?? error.message));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, written, ending, ms: Date.now() - startedAt });
    });
  });
}

describe('drainRequestBody', () => {
  it('reads the rest of a body to its end, then closes cleanly after the answer', async () => {
    const server = await refusingServer({ maxBytes: 1024 * 1024, maxMs: 5_000 });
    try {
      const exchange = await send(server.port, 256 * 1024, 16 * 1024, 1);
      expect(exchange.answer).toMatch(/^HTTP\/1\.1 413 [^]*\r\n\r\ntoo large$/);
      expect(exchange.answer).toMatch(/\r\nConnection: close\r\n/i);
      expect(exchange.written).toBe(256 * 1024);
      expect(exchange.ending).toBe('end');
      // Closed once the body ended, not at the time bound.
      expect(exchange.ms).toBeLessThan(4_000);
    } finally {
      await server.close();
    }
  });

  it('gives up after maxBytes more, the answer already sent', async () => {
    const server = await refusingServer({ maxBytes: 64 * 1024, maxMs: 5_000 });
    try {
      const exchange = await send(server.port, 10 * 1024 * 1024, 16 * 1024, 1);
      expect(exchange.answer).toContain('too large');
      expect(exchange.written).toBeLessThan(10 * 1024 * 1024);
      expect(exchange.ms).toBeLessThan(4_000);
    } finally {
      await server.close();
    }
  });

  it('gives up after maxMs, the answer already sent', async () => {
    const server = await refusingServer({ maxBytes: 1024 * 1024, maxMs: 300 });
    try {
      const exchange = await send(server.port, 1024 * 1024, 64, 20);
      expect(exchange.answer).toContain('too large');
      expect(exchange.ms).toBeGreaterThanOrEqual(250);
      expect(exchange.ms).toBeLessThan(2_000);
    } finally {
      await server.close();
    }
  });

  it('leaves a request whose body has already arrived alone: the connection stays usable', async () => {
    const server = http.createServer((request, response) => {
      request.on('end', () => {
        drainRequestBody(request);
        response.end('ok');
      });
      request.resume();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const sockets = new Set<net.Socket>();
      for (let i = 0; i < 2; i++) {
        await new Promise<void>((resolve, reject) => {
          const request = http.request(url, { method: 'POST', agent }, (response) => {
            sockets.add(response.socket);
            response.resume().on('end', resolve);
          });
          request.on('error', reject);
          request.end('small');
        });
      }
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
