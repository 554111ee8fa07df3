import { createServer, get, Agent, IncomingMessage, Server } from 'node:http';
import { AddressInfo, connect } from 'node:net';
import { GracefulShutdown, ShutdownStep } from './graceful-shutdown.service';

/** A server whose `/slow` answers when `release()` is called, and `/fast` at once. */
async function serve(): Promise<{ server: Server; port: number; release: () => void }> {
  let release = () => undefined as void;
  const held = new Promise<void>((done) => (release = done));
  const server = createServer((req, res) => {
    if (req.url === '/slow') void held.then(() => res.end('slow'));
    else res.end('fast');
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, port: (server.address() as AddressInfo).port, release };
}

function request(port: number, path: string, agent: Agent): Promise<{ res: IncomingMessage; body: string }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ res, body }));
    }).on('error', reject);
  });
}

const tick = (ms = 20) => new Promise((done) => setTimeout(done, ms));

describe('GracefulShutdown', () => {
  const lines: string[] = [];
  const logger = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(`ERROR ${line}`) };
  beforeEach(() => (lines.length = 0));

  it('runs the signal steps at once, lets the request in flight finish with Connection: close, then the later steps in order, and exits 0', async () => {
    const { server, port, release } = await serve();
    const order: string[] = [];
    const step = (name: string, wait = 0): ShutdownStep => ({
      name,
      run: async () => {
        order.push(`${name} start`);
        await tick(wait);
        order.push(`${name} end`);
      },
    });
    const exits: number[] = [];
    const shutdown = new GracefulShutdown({
      server,
      graceMs: 5000,
      atSignal: [step('readiness'), step('workers', 50)],
      afterRequests: [step('audit'), step('application')],
      logger,
      exit: (code) => exits.push(code),
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    // One kept-alive connection left idle, one request in flight.
    await request(port, '/fast', agent);
    const slow = request(port, '/slow', agent);
    await tick();
    const done = shutdown.shutdown('SIGTERM');
    await tick();
    expect(order).toEqual(['readiness start', 'workers start', 'readiness end']);
    // The listener is closed: a new connection is refused.
    await expect(request(port, '/fast', new Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    order.push('request answered');
    release();
    const answer = await slow;
    expect(answer.body).toBe('slow');
    expect(answer.res.headers.connection).toBe('close');
    await done;
    expect(order).toEqual([
      'readiness start',
      'workers start',
      'readiness end',
      'request answered',
      'workers end',
      'audit start',
      'audit end',
      'application start',
      'application end',
    ]);
    expect(exits).toEqual([0]);
    expect(server.listening).toBe(false);
    expect(lines[0]).toBe('SIGTERM: shutting down (not ready, no new connections, 5000 ms of grace)');
    expect(lines[1]).toMatch(/^Shut down in \d+ ms$/);
    agent.destroy();
  });

  it('a request queued behind one in flight finds the listener closed (a proxy then tries another replica), the one in flight is told to close', async () => {
    const { server, port, release } = await serve();
    const exits: number[] = [];
    let releaseStep = () => undefined as void;
    const stepHeld = new Promise<void>((done) => (releaseStep = done));
    const shutdown = new GracefulShutdown({
      server,
      graceMs: 5000,
      atSignal: [{ name: 'mcp', run: () => stepHeld }],
      afterRequests: [],
      logger,
      exit: (code) => exits.push(code),
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    // The single socket is busy with /slow, so it is not idle when the shutdown begins.
    const slow = request(port, '/slow', agent);
    await tick();
    const done = shutdown.shutdown('SIGINT');
    const next = request(port, '/fast', agent);
    release();
    expect((await slow).res.headers.connection).toBe('close');
    // The queued request went on a new connection, which the closed listener refuses.
    await expect(next).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    releaseStep();
    await done;
    expect(exits).toEqual([0]);
    agent.destroy();
  });

  it("waits for a connection whose request is still being received (the server's close callback does not), and answers it", async () => {
    const { server, port } = await serve();
    const exits: number[] = [];
    const shutdown = new GracefulShutdown({ server, graceMs: 5000, atSignal: [], afterRequests: [], logger, exit: (code) => exits.push(code) });
    const held = async () => {
      const socket = connect(port, '127.0.0.1');
      await new Promise((done) => socket.once('connect', done));
      let raw = '';
      socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      socket.write('GET /fast HTTP/1.1\r\nHost: x\r\n');
      const closed = new Promise((done) => socket.once('close', done));
      return { finish: async () => (socket.write('\r\n'), await closed, raw) };
    };
    const [first, second] = [await held(), await held()];
    const done = shutdown.shutdown('SIGTERM');
    await tick(50);
    expect(await first.finish()).toMatch(/^HTTP\/1\.1 200[^]*Connection: close/i);
    await tick(100);
    expect(exits).toEqual([]);
    expect(await second.finish()).toMatch(/^HTTP\/1\.1 200/);
    await done;
    expect(exits).toEqual([0]);
  });

  it('leaves a connection idle at the signal to its client: a request sent on it is answered with Connection: close, not cut', async () => {
    const { server, port } = await serve();
    const exits: number[] = [];
    const shutdown = new GracefulShutdown({
      server,
      graceMs: 5000,
      idleCloseMs: 4000,
      atSignal: [],
      afterRequests: [],
      logger,
      exit: (code) => exits.push(code),
    });
    // A proxy's kept-alive upstream connection, idle when the signal comes; the proxy then sends on it.
    const socket = connect(port, '127.0.0.1');
    await new Promise((done) => socket.once('connect', done));
    let raw = '';
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    socket.write('GET /fast HTTP/1.1\r\nHost: x\r\n\r\n');
    while (!raw.includes('fast')) await tick();
    raw = '';
    const closed = new Promise((done) => socket.once('close', done));
    const done = shutdown.shutdown('SIGTERM');
    await tick(50);
    expect(socket.destroyed).toBe(false);
    socket.write('GET /fast HTTP/1.1\r\nHost: x\r\n\r\n');
    await closed;
    expect(raw).toMatch(/^HTTP\/1\.1 200[^]*Connection: close[^]*fast$/i);
    await done;
    expect(exits).toEqual([0]);
  });

  it('closes a connection that stays idle once idle for idleCloseMs, and then exits 0', async () => {
    const { server, port } = await serve();
    const exits: number[] = [];
    const shutdown = new GracefulShutdown({
      server,
      graceMs: 5000,
      idleCloseMs: 200,
      atSignal: [],
      afterRequests: [],
      logger,
      exit: (code) => exits.push(code),
    });
    const agent = new Agent({ keepAlive: true });
    await request(port, '/fast', agent);
    const [socket] = Object.values(agent.freeSockets).flat();
    const closed = new Promise((done) => socket!.once('close', done));
    await shutdown.shutdown('SIGTERM');
    await closed;
    expect(exits).toEqual([0]);
    agent.destroy();
  });

  it('past the grace period, exits 1 naming what still runs; a failed step is logged and the rest go on', async () => {
    const { server, port, release } = await serve();
    const exits: number[] = [];
    const shutdown = new GracefulShutdown({
      server,
      graceMs: 200,
      atSignal: [
        { name: 'execution worker', run: () => new Promise(() => undefined) },
        {
          name: 'broken',
          run: () => {
            throw new Error('boom');
          },
        },
      ],
      afterRequests: [],
      logger,
      exit: (code) => exits.push(code),
    });
    const agent = new Agent({ keepAlive: true });
    const slow = request(port, '/slow', agent).catch(() => undefined);
    await tick();
    await shutdown.shutdown('SIGTERM');
    expect(exits).toEqual([1]);
    expect(lines).toContain('ERROR Shutdown step "broken" failed: boom');
    expect(lines).toContain(
      'ERROR Shutdown grace of 200 ms over; ending with still running: execution worker, HTTP (1 request(s) in flight, 1 connection(s) open)',
    );
    release();
    await slow;
    agent.destroy();
    server.closeAllConnections();
  });

  it('a second signal during shutdown ends at once', async () => {
    const { server } = await serve();
    const exits: number[] = [];
    const shutdown = new GracefulShutdown({
      server,
      graceMs: 5000,
      atSignal: [{ name: 'stuck', run: () => new Promise(() => undefined) }],
      afterRequests: [],
      logger,
      exit: (code) => exits.push(code),
    });
    void shutdown.shutdown('SIGTERM');
    await tick();
    await shutdown.shutdown('SIGINT');
    expect(exits).toEqual([1]);
    expect(lines).toContain('ERROR SIGINT again during shutdown: ending now');
  });
});
