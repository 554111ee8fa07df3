import { Inject, Injectable } from '@nestjs/common';
import { OAUTH_SERVER_SETTINGS, ResolvedOAuthServerSettings } from './oauth-server.settings';

/** Addresses tracked before the expired windows are swept. */
const SWEEP_ABOVE = 1000;

/**
 * Dynamic Client Registration per client address: `registrationLimit.limit`
 * attempts per fixed window. In memory, per process: a registration writes
 * one small row, and what matters is that no one address fills the table
 * quickly; N replicas allow at most N times the limit.
 */
@Injectable()
export class RegistrationThrottle {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(@Inject(OAUTH_SERVER_SETTINGS) private readonly settings: ResolvedOAuthServerSettings) {}

  /** Counts one attempt from `address`; answers 0 when it may go on, else the seconds to wait. */
  take(address: string, now = Date.now()): number {
    const { limit, windowMs } = this.settings.registrationLimit;
    if (this.windows.size > SWEEP_ABOVE) this.sweep(now);
    let window = this.windows.get(address);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(address, window);
    }
    if (window.count >= limit) return Math.max(1, Math.ceil((window.endsAt - now) / 1000));
    window.count += 1;
    return 0;
  }

  private sweep(now: number): void {
    for (const [address, window] of this.windows) if (window.endsAt <= now) this.windows.delete(address);
  }
}
