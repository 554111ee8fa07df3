import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { guardedRequest } from './outbound-request.client';

describe('guardedRequest', () => {
  let server: Server;
  let base: string;
  let received: string[];
  beforeAll(async () => {
    server = createServer((req, res) => {
      received.push(`${req.method} ${req.url}`);
      if (req.url === '/redirect') return res.writeHead(302, { Location: '/elsewhere' }).end();
      if (req.url === '/big') return res.end('x'.repeat(10_000));
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 1000);
      req.resume().on('end', () => res.writeHead(201, { 'X-Seen': 'yes' }).end('created'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => (received = []));
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('refuses a loopback literal and a loopback name by default, without connecting', async () => {
    const port = new URL(base).port;
    expect(await guardedRequest({ url: `${base}/a` })).toMatchObject({ ok: false, refused: true, error: 'refused: 127.0.0.1 is a non-public address' });
    expect(await guardedRequest({ url: `http://localhost:${port}/a` })).toMatchObject({
      ok: false,
      refused: true,
      error: 'refused: localhost resolves to a non-public address',
    });
    expect(received).toEqual([]);
  });

  it('reaches loopback, by literal or by name, with public-and-loopback', async () => {
    const port = new URL(base).port;
    const result = await guardedRequest({ url: `http://localhost:${port}/a`, method: 'POST', body: '{}', reach: 'public-and-loopback' });
    expect(result).toMatchObject({ ok: true, status: 201, truncated: false, headers: expect.objectContaining({ 'x-seen': 'yes' }) });
    expect(result.ok && result.body.toString()).toBe('created');
    expect(received).toEqual(['POST /a']);
  });

  it('opens a connection per request: one allowed a moment ago is not reused where the guard refuses', async () => {
    const url = `http://localhost:${new URL(base).port}/a`;
    expect(await guardedRequest({ url, reach: 'public-and-loopback' })).toMatchObject({ ok: true, status: 201 });
    expect(await guardedRequest({ url })).toMatchObject({ ok: false, refused: true });
    expect(received).toEqual(['GET /a']);
  });

  it('answers a redirect as it is, without following it', async () => {
    const result = await guardedRequest({ url: `${base}/redirect`, reach: 'any' });
    expect(result).toMatchObject({ ok: true, status: 302, headers: expect.objectContaining({ location: '/elsewhere' }) });
    expect(received).toEqual(['GET /redirect']);
  });

  it('keeps at most maxResponseBytes and says the answer was cut', async () => {
    const result = await guardedRequest({ url: `${base}/big`, reach: 'any', maxResponseBytes: 100 });
    expect(result).toMatchObject({ ok: true, status: 200, truncated: true });
    expect(result.ok && result.body.length).toBe(100);
  });

  it('gives up after timeoutMs', async () => {
    expect(await guardedRequest({ url: `${base}/slow`, reach: 'any', timeoutMs: 100 })).toMatchObject({
      ok: false,
      refused: false,
      error: 'timed out after 100 ms',
    });
  });

  it.each([
    ['not a url', 'invalid URL'],
    ['ftp://example.com/x', 'unsupported scheme ftp'],
  ])('fails on %s before connecting', async (url, error) => {
    expect(await guardedRequest({ url })).toMatchObject({ ok: false, error });
  });
});
