/** Thrown by {@link PasswordCheckGate.run} when no place is free, or the wait for a slot ran out. */
export class PasswordCheckGateFullError extends Error {
  constructor(reason = 'too many password checks at once') {
    super(reason);
  }
}

/** How many waiting places the gate has, and for how long. */
export interface PasswordCheckQueueLimits {
  /** Checks that may wait in all. */
  queueLimit: number;
  /** Checks that one key (a client address) may have waiting: the rest of the queue stays open to others. @default queueLimit */
  perKeyLimit?: number;
  /** How long a check waits for a slot before it is refused, ms. @default no limit */
  maxWaitMs?: number;
}

interface Waiter {
  start: () => void;
  timer?: NodeJS.Timeout;
}

/**
 * A semaphore with a bounded, fair queue around password checks. scrypt
 * runs on libuv's thread pool (4 threads), which file reads and writes, DNS
 * and zlib share: unbounded, two dozen anonymous sign-ins would hold every
 * thread and stall every download. At most `concurrency` checks run; the
 * others wait, each key (client address) in its own line, the lines served
 * in turn, so a storm from one address delays that address and not the
 * people behind it; past the queue's places, the key's places, or the
 * longest wait, a caller is refused (see `docs/security-model.md`,
 * "Sign-in capacity").
 */
export class PasswordCheckGate {
  private running = 0;
  private waitingCount = 0;
  /** Lines by key, in the order they are served next (a served line goes to the end). */
  private readonly lines = new Map<string, Waiter[]>();
  private readonly queueLimit: number;
  private readonly perKeyLimit: number;
  private readonly maxWaitMs: number | undefined;

  constructor(
    private readonly concurrency: number,
    queue: number | PasswordCheckQueueLimits,
  ) {
    const limits = typeof queue === 'number' ? { queueLimit: queue } : queue;
    this.queueLimit = limits.queueLimit;
    this.perKeyLimit = limits.perKeyLimit ?? limits.queueLimit;
    this.maxWaitMs = limits.maxWaitMs;
    if (!(Number.isInteger(concurrency) && concurrency >= 1)) throw new Error('passwordCheckConcurrency must be an integer of at least 1');
    if (!(Number.isInteger(this.queueLimit) && this.queueLimit >= 0)) throw new Error('passwordCheckQueue must be a non-negative integer');
    if (!(Number.isInteger(this.perKeyLimit) && this.perKeyLimit >= 0)) throw new Error('passwordCheckQueuePerAddress must be a non-negative integer');
    if (this.maxWaitMs !== undefined && !(this.maxWaitMs > 0)) throw new Error('passwordCheckMaxWaitMs must be positive');
  }

  /** Checks running now (for tests and metrics). */
  get active(): number {
    return this.running;
  }

  /** Checks waiting now. */
  get queued(): number {
    return this.waitingCount;
  }

  /**
   * Runs `check` when a slot is free, after the checks of other keys waiting before it, in turn.
   * @throws PasswordCheckGateFullError at once when the queue or the key's places are full, or when the wait runs out.
   */
  async run<T>(check: () => Promise<T>, key = ''): Promise<T> {
    if (this.running >= this.concurrency) {
      const line = this.lines.get(key) ?? [];
      if (this.waitingCount >= this.queueLimit || line.length >= this.perKeyLimit) throw new PasswordCheckGateFullError();
      // The slot is handed over by release(), so `running` never drops and rises again in between.
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = { start: resolve };
        if (this.maxWaitMs !== undefined) {
          waiter.timer = setTimeout(() => {
            this.leave(key, waiter);
            reject(new PasswordCheckGateFullError('waited too long for a password check'));
          }, this.maxWaitMs);
          waiter.timer.unref();
        }
        line.push(waiter);
        this.lines.set(key, line);
        this.waitingCount++;
      });
    } else {
      this.running++;
    }
    try {
      return await check();
    } finally {
      this.release();
    }
  }

  private release(): void {
    const next = this.takeNext();
    if (!next) {
      this.running--;
      return;
    }
    clearTimeout(next.timer);
    next.start();
  }

  /** The first waiter of the line whose turn it is; that line, if it still has waiters, goes to the end. */
  private takeNext(): Waiter | undefined {
    const first = this.lines.entries().next();
    if (first.done) return undefined;
    const [key, line] = first.value;
    const waiter = line.shift()!;
    this.lines.delete(key);
    if (line.length > 0) this.lines.set(key, line);
    this.waitingCount--;
    return waiter;
  }

  private leave(key: string, waiter: Waiter): void {
    const line = this.lines.get(key);
    const index = line?.indexOf(waiter) ?? -1;
    if (!line || index < 0) return;
    line.splice(index, 1);
    this.waitingCount--;
    if (line.length === 0) this.lines.delete(key);
  }
}
