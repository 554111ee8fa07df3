import { Injectable } from '@nestjs/common';

/**
 * Whether this replica takes new traffic. Shutdown turns it off first, so
 * `GET /readyz` answers 503 from the signal until the process exits.
 */
@Injectable()
export class HostReadiness {
  private drainingSince?: number;

  /** Whether shutdown has begun. */
  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  /** Marks the replica as draining; idempotent. */
  markDraining(now = Date.now()): void {
    this.drainingSince ??= now;
  }
}
