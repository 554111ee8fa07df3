import { Logger } from '@nestjs/common';
import { databaseFault } from './database-transient.error';
import { DatabaseMessages } from './database.messages';

/**
 * Logs a lost connection once per outage: when the server restarts, every
 * pooled connection fails within the same second, and one line says more
 * than ten. The next connection that opens ends the outage, with a line that
 * counts the failures left unsaid. Never the driver's message, which may
 * quote a connection string.
 */
export class DatabaseOutageService {
  private down = false;
  private suppressed = 0;

  constructor(
    private readonly engine: string,
    // Not 'Database': the host's logger moves that context's info lines (start-up narration) to debug, and the return must show.
    private readonly logger = new Logger('DatabaseConnection'),
  ) {}

  /** Whether a connection failed and none opened since. */
  get isDown(): boolean {
    return this.down;
  }

  /** A connection failed (an `error` event of a client or of the pool). */
  failed(error: unknown): void {
    if (this.down) {
      this.suppressed++;
      return;
    }
    this.down = true;
    this.suppressed = 0;
    this.logger.warn(DatabaseMessages.connectionLost(this.engine, faultCodeOf(error)));
  }

  /** A connection opened. */
  restored(): void {
    if (!this.down) return;
    this.down = false;
    this.logger.log(DatabaseMessages.connectionRestored(this.engine, this.suppressed));
  }
}

/** The recognised fault's code, or the error's own string code, or its class: never its message. */
function faultCodeOf(error: unknown): string {
  const fault = databaseFault(error)?.code;
  if (fault) return fault;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.constructor.name : typeof error;
}
