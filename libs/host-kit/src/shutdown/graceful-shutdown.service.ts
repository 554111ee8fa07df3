import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, Socket } from 'node:net';
import { ShutdownMessages } from './shutdown.messages';

/** How often the drain looks for connections idle long enough to close. */
const IDLE_SWEEP_MS = 100;

/** One part of the shutdown, named in the log line of a forced exit. */
export interface ShutdownStep {
  readonly name: string;
  run(): unknown;
}

/** Where the coordinator writes its lines: the host's logger. */
export interface ShutdownLogger {
  log(message: string): void;
  error(message: string): void;
}

/** What {@link GracefulShutdown} coordinates. */
export interface GracefulShutdownOptions {
  /** The host's HTTP server, listening. */
  server: Server;
  /** From the signal to the forced exit. `SHUTDOWN_GRACE_MS`. */
  graceMs: number;
  /**
   * During the drain, how long a kept-alive connection must have been idle
   * before the replica closes it. Until then it is left to its client: a
   * proxy closes its idle upstream connections after its own idle time
   * (nginx's `keepalive_timeout`, below this), and a request it sends on one
   * meanwhile is answered with `Connection: close`. Closed sooner, a
   * connection can carry a request the proxy has just sent on it (the
   * replica never read it; nginx logs "upstream prematurely closed
   * connection" and answers 502).
   * @default graceMs / 2
   */
  idleCloseMs?: number;
  /**
   * Started at once, together, beside the HTTP drain: readiness off, the MCP
   * drain (new MCP requests answered 503 + Retry-After), the workers'
   * stop (no new claims, leases handed back).
   */
  atSignal: ShutdownStep[];
  /**
   * Run one after another once no HTTP request is left and every
   * {@link atSignal} step is over: the audit sink's flush, the application's
   * close (its database), telemetry's flush.
   */
  afterRequests: ShutdownStep[];
  logger: ShutdownLogger;
  /** @default process.exit */
  exit?: (code: number) => void;
}

/**
 * The order a replica stops in, behind a proxy (see `docs/deployment.md`):
 *
 * 1. the signal: readiness answers 503 and the {@link GracefulShutdownOptions.atSignal} steps start;
 * 2. the listener closes (no new connections); a kept-alive connection gets
 *    `Connection: close` on its next answer and is closed after it; one that
 *    stays idle is closed once idle for {@link GracefulShutdownOptions.idleCloseMs},
 *    when its client (a proxy) has not closed it first;
 * 3. when the last request is answered and the steps of 1 are over, the
 *    {@link GracefulShutdownOptions.afterRequests} steps run, in order;
 * 4. exit 0, or, when `graceMs` runs out first, exit 1 with a line naming
 *    what was still running.
 *
 * Nest's own `app.close()` (one of the steps of 3) destroys the modules,
 * the database with them, before it closes the HTTP server: run alone, it
 * would leave requests in flight on a closed database. Here the server is
 * drained first, so `app.close()` finds it closed.
 */
export class GracefulShutdown {
  private startedAt?: number;
  private readonly open = new Set<Socket>();
  private readonly inFlight = new Set<ServerResponse>();
  /**
   * When each open connection last fell idle (accepted, or its last answer
   * sent) and the bytes it had read then; absent while it carries a request.
   */
  private readonly idleSince = new Map<Socket, { at: number; bytesRead: number }>();
  private idleSweep?: NodeJS.Timeout;
  private readonly running = new Set<string>();
  private closing = false;
  private timer?: NodeJS.Timeout;
  /** Called when the last connection is gone, once draining. */
  private drained?: () => void;
  private readonly exit: (code: number) => void;

  constructor(private readonly options: GracefulShutdownOptions) {
    this.exit = options.exit ?? ((code) => process.exit(code));
    const { server } = options;
    server.on('connection', (socket: Socket) => {
      this.open.add(socket);
      this.markIdle(socket);
      socket.once('close', () => {
        this.open.delete(socket);
        this.idleSince.delete(socket);
        if (this.open.size === 0) this.drained?.();
      });
    });
    // First of the request listeners, so Express's handlers already see the header.
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      this.inFlight.add(res);
      this.idleSince.delete(req.socket);
      if (this.closing) res.setHeader('Connection', 'close');
      res.once('close', () => {
        this.inFlight.delete(res);
        if (!req.socket.destroyed) this.markIdle(req.socket);
      });
    });
  }

  /** Whether the signal has come. */
  get started(): boolean {
    return this.startedAt !== undefined;
  }

  /** Installs the coordinator on SIGTERM and SIGINT; a second signal ends the process at once. */
  listen(signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT']): void {
    for (const signal of signals) process.on(signal, () => void this.shutdown(signal));
  }

  /** Runs the shutdown; resolves once it has exited (or asked to). A second call forces the exit. */
  async shutdown(signal: string): Promise<void> {
    if (this.started) {
      this.options.logger.error(ShutdownMessages.again(signal));
      return this.forceExit();
    }
    this.startedAt = Date.now();
    const { graceMs, logger } = this.options;
    logger.log(ShutdownMessages.started(signal, graceMs));
    const forced = new Promise<'forced'>((resolve) => (this.timer = setTimeout(() => resolve('forced'), graceMs)));
    const orderly = this.stop();
    const outcome = await Promise.race([orderly.then(() => 'done' as const), forced]);
    clearTimeout(this.timer);
    clearInterval(this.idleSweep);
    if (outcome === 'forced') return this.forceExit();
    logger.log(ShutdownMessages.done(Date.now() - this.startedAt));
    this.exit(0);
  }

  private async stop(): Promise<void> {
    const steps = Promise.all(this.options.atSignal.map((step) => this.runStep(step)));
    await Promise.all([steps, this.drainHttp()]);
    for (const step of this.options.afterRequests) await this.runStep(step);
  }

  /** Stops listening, tells kept-alive connections to close, and resolves when none is left. */
  private drainHttp(): Promise<void> {
    const { server } = this.options;
    this.closing = true;
    this.running.add('HTTP');
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    // Only the listener: http.Server#close() would also close the idle connections at once (Node ≥ 19),
    // racing a request the proxy is sending on one. Its callback is not the end either: the connections
    // are counted here instead.
    NetServer.prototype.close.call(server);
    const idleCloseMs = this.options.idleCloseMs ?? this.options.graceMs / 2;
    this.idleSweep = setInterval(() => this.closeIdle(idleCloseMs), Math.min(IDLE_SWEEP_MS, idleCloseMs));
    this.idleSweep.unref();
    return new Promise<void>((resolve) => {
      this.drained = () => {
        this.running.delete('HTTP');
        clearInterval(this.idleSweep);
        resolve();
      };
      if (this.open.size === 0) this.drained();
    });
  }

  private markIdle(socket: Socket): void {
    this.idleSince.set(socket, { at: Date.now(), bytesRead: socket.bytesRead });
  }

  /**
   * Closes each connection idle for `idleCloseMs` or more: its client had
   * that long to close it. One that has read bytes since is receiving a
   * request (its headers are not all in yet): it is not idle.
   */
  private closeIdle(idleCloseMs: number): void {
    const now = Date.now();
    for (const [socket, idle] of this.idleSince) if (now - idle.at >= idleCloseMs && socket.bytesRead === idle.bytesRead) socket.destroy();
  }

  private async runStep(step: ShutdownStep): Promise<void> {
    this.running.add(step.name);
    try {
      await step.run();
    } catch (error) {
      this.options.logger.error(ShutdownMessages.stepFailed(step.name, (error as Error).message));
    } finally {
      this.running.delete(step.name);
    }
  }

  private forceExit(): void {
    clearTimeout(this.timer);
    const running = [...this.running].map((name) => (name === 'HTTP' ? ShutdownMessages.httpRunning(this.inFlight.size, this.open.size) : name));
    this.options.logger.error(ShutdownMessages.forced(this.options.graceMs, running));
    this.exit(1);
  }
}
