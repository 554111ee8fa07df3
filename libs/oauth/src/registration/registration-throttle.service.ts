import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { AttemptCounterDatabase, countAttempt } from '@kobana/approvals';
import { narrowDatabase } from '@kobana/database';
import { OAUTH_DATABASE, OAuthHostDatabase } from '../oauth-host.table';
import { OAUTH_SERVER_SETTINGS, ResolvedOAuthServerSettings } from '../oauth-server.options';

/**
 * Dynamic Client Registration per client address: `registrationLimit.limit`
 * attempts per fixed window, counted in the host's database with the
 * sign-in throttle's counter (`countAttempt`, key `registration:<address>`),
 * so every replica shares one budget: in memory, N replicas admitted N times
 * the limit. One upsert per registration, which writes a row anyway; the
 * approval flow's sweep deletes the counters whose window ended.
 */
@Injectable()
export class RegistrationThrottle {
  private readonly db: Kysely<AttemptCounterDatabase>;

  constructor(
    @Inject(OAUTH_DATABASE) db: Kysely<OAuthHostDatabase>,
    @Inject(OAUTH_SERVER_SETTINGS) private readonly settings: ResolvedOAuthServerSettings,
  ) {
    this.db = narrowDatabase<AttemptCounterDatabase, OAuthHostDatabase>(db);
  }

  /** Counts one attempt from `address`; answers 0 when it may go on, else the seconds to wait. */
  async take(address: string, now = new Date()): Promise<number> {
    const { limit, windowMs } = this.settings.registrationLimit;
    const { count, windowEndsAt } = await countAttempt(this.db, `registration:${address}`, windowMs, now, 'fixed');
    if (count <= limit) return 0;
    return Math.max(1, Math.ceil((Date.parse(windowEndsAt) - now.getTime()) / 1000));
  }
}
