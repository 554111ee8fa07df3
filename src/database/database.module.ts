import { Logger, Module, OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_FILTER } from '@nestjs/core';
import { Kysely } from 'kysely';
import { KaduConfig } from '../config/kadu-config.interface';
import { DatabaseUnavailableFilter } from '@kobana/database';
import { KADU_DATABASE } from './kadu-database.constants';
import { openKaduDatabase } from './kadu-database.factory';
import { InjectDatabase } from './inject-database.decorator';
import { KaduDatabase } from './kadu-database.interface';

/**
 * Provides the `Kysely<KaduDatabase>` under {@link KADU_DATABASE}, migrated
 * before any provider receives it, and closes it when the application shuts
 * down; answers its transient faults 503 on every HTTP route
 * ({@link DatabaseUnavailableFilter}). Needs the global `ConfigService` (`DATABASE_URL`).
 */
@Module({
  providers: [
    {
      provide: KADU_DATABASE,
      inject: [ConfigService],
      useFactory: async (config: ConfigService<KaduConfig, true>): Promise<Kysely<KaduDatabase>> => {
        const { db, applied, description } = await openKaduDatabase(config.get('DATABASE_URL', { infer: true }));
        const migrations = applied.length > 0 ? `applied ${applied.join(', ')}` : 'schema up to date';
        new Logger('Database').log(`Opened ${description} (${migrations})`);
        return db;
      },
    },
    { provide: APP_FILTER, useClass: DatabaseUnavailableFilter },
  ],
  exports: [KADU_DATABASE],
})
export class DatabaseModule implements OnModuleDestroy {
  constructor(@InjectDatabase() private readonly db: Kysely<KaduDatabase>) {}

  /** Releases the file handle (and WAL checkpoint) so tests and restarts leave no lock behind. */
  async onModuleDestroy(): Promise<void> {
    await this.db.destroy();
  }
}
