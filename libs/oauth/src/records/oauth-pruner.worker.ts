import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { narrowDatabase, PeriodicPruner } from '@kobana/database';
import { OAUTH_DATABASE, OAuthHostDatabase } from '../oauth-host.table';
import { pruneOAuthRecords } from './oauth-records.store';
import { deleteUnusedClients } from './unused-clients.worker';
import type { OAuthDatabase } from './oauth.table';
import { OAUTH_SERVER_SETTINGS, ResolvedOAuthServerSettings } from '../oauth-server.options';

/**
 * Deletes expired OAuth records (codes, tokens, interactions, sessions,
 * grants) and the registered clients nothing uses any more, once at start-up, then every `pruneIntervalMs` on an unref'd timer
 * stopped at shutdown. Reads already treat them as absent; this only keeps
 * the table small. Every replica sweeps; the delete is idempotent.
 */
@Injectable()
export class OAuthPruner extends PeriodicPruner {
  private readonly db: Kysely<OAuthDatabase>;

  constructor(
    @Inject(OAUTH_DATABASE) db: Kysely<OAuthHostDatabase>,
    @Inject(OAUTH_SERVER_SETTINGS) private readonly settings: ResolvedOAuthServerSettings,
  ) {
    super({ name: OAuthPruner.name, intervalMs: settings.pruneIntervalMs, failed: (reason) => `Pruning expired OAuth records failed: ${reason}` });
    this.db = narrowDatabase<OAuthDatabase, OAuthHostDatabase>(db);
  }

  /**
   * Deletes the records expired as of `now` (each record carries its own
   * expiry), then the registered clients left unused (`unusedClientTtlSeconds`).
   */
  async prune(now = new Date()): Promise<void> {
    await pruneOAuthRecords(this.db, now);
    await deleteUnusedClients(this.db, new Date(now.getTime() - this.settings.unusedClientTtlSeconds * 1000));
  }
}
