import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { narrowDatabase } from '@kobana/database';
import { OAUTH_DATABASE, OAuthHostDatabase } from './oauth-host';
import { pruneOAuthRecords } from './oauth-records.adapter';
import type { OAuthDatabase } from './oauth.tables';
import { OAUTH_SERVER_SETTINGS, ResolvedOAuthServerSettings } from './oauth-server.settings';

/**
 * Deletes expired OAuth records (codes, tokens, interactions, sessions,
 * grants) once at start-up, then every `pruneIntervalMs` on an unref'd timer
 * stopped at shutdown. Reads already treat them as absent; this only keeps
 * the table small. Every replica sweeps; the delete is idempotent.
 */
@Injectable()
export class OAuthPruner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OAuthPruner.name);
  private readonly db: Kysely<OAuthDatabase>;
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(OAUTH_DATABASE) db: Kysely<OAuthHostDatabase>,
    @Inject(OAUTH_SERVER_SETTINGS) private readonly settings: ResolvedOAuthServerSettings,
  ) {
    this.db = narrowDatabase<OAuthDatabase, OAuthHostDatabase>(db);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    if (this.settings.pruneIntervalMs > 0) this.timer = setInterval(() => void this.sweep(), this.settings.pruneIntervalMs).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  // A failed sweep (database away) is logged and retried at the next tick; it never stops start-up.
  private async sweep(): Promise<void> {
    try {
      await pruneOAuthRecords(this.db);
    } catch (error) {
      this.logger.warn(`Pruning expired OAuth records failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
