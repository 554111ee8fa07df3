import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ShutdownMessages } from './shutdown.messages';

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
 *    `Connection: close` on its next answer and is closed after it; idle
 *    ones are closed at once, and each one that falls idle;
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
      socket.once('close', () => {
        this.open.delete(socket);
        if (this.open.size === 0) this.drained?.();
      });
    });
    // First of the request listeners, so Express's handlers already see the header.
    server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
      this.inFlight.add(res);
      if (this.closing) res.setHeader('Connection', 'close');
      res.once('close', () => {
        this.inFlight.delete(res);
        // Its connection may now be idle: during shutdown, an idle connection is closed.
        if (this.closing) setImmediate(() => server.closeIdleConnections());
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
    // close() also closes the idle connections (Node ≥ 19). Its callback is not the end: it came while a
    // connection with a request still being received was open; the connections are counted here instead.
    server.close();
    server.closeIdleConnections();
    return new Promise<void>((resolve) => {
      this.drained = () => {
        this.running.delete('HTTP');
        resolve();
      };
      if (this.open.size === 0) this.drained();
    });
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
