/** Thrown by {@link PasswordCheckGate.run} when every slot and every queue place is taken. */
export class PasswordCheckGateFullError extends Error {
  constructor() {
    super('too many password checks at once');
  }
}

/**
 * A semaphore with a bounded queue around password checks. scrypt runs on
 * libuv's thread pool (4 threads), which file reads and writes, DNS and zlib
 * share: unbounded, two dozen anonymous sign-ins would hold every thread and
 * stall every download. At most `concurrency` checks run; `queueLimit` more
 * wait their turn; beyond that the caller is refused at once.
 */
export class PasswordCheckGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly queueLimit: number,
  ) {
    if (!(Number.isInteger(concurrency) && concurrency >= 1)) throw new Error('passwordCheckConcurrency must be an integer of at least 1');
    if (!(Number.isInteger(queueLimit) && queueLimit >= 0)) throw new Error('passwordCheckQueue must be a non-negative integer');
  }

  /** Checks running now (for tests and metrics). */
  get active(): number {
    return this.running;
  }

  /** Checks waiting now. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Runs `check` when a slot is free.
   * @throws PasswordCheckGateFullError at once when the queue is full.
   */
  async run<T>(check: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queueLimit) throw new PasswordCheckGateFullError();
      // The slot is handed over by release(), so `running` never drops and rises again in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
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
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
