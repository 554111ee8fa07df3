import { DynamicModule, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { Kysely } from 'kysely';
import { DatabaseUnavailableFilter } from '@kobana/database';
import { databaseOptionsOf } from '@kobana/host-kit';
import { HOST_DATABASE, HOST_SETTINGS } from '../host.constants';
import type { HostCoreDescriptor } from '../host-descriptor.interface';
import { HostMessages } from '../host.messages';
import type { HostSettings } from '../config/host-settings.interface';
import { openHostDatabase } from './host-database.factory';

/**
 * Provides the host's migrated database under {@link HOST_DATABASE}, to the
 * whole application (global), closes it on shutdown, and answers its
 * transient faults 503 on every HTTP route ({@link DatabaseUnavailableFilter}).
 */
@Module({})
export class HostDatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(HOST_DATABASE) private readonly db: Kysely<unknown>) {}

  /** The module for `host`; needs `HOST_SETTINGS` (`DATABASE_URL`). */
  static forHost(host: Pick<HostCoreDescriptor, 'migrations' | 'people'>): DynamicModule {
    return {
      module: HostDatabaseModule,
      global: true,
      providers: [
        {
          provide: HOST_DATABASE,
          inject: [HOST_SETTINGS],
          useFactory: async (settings: HostSettings): Promise<Kysely<unknown>> => {
            const { db, applied, description } = await openHostDatabase<unknown>(host, settings.DATABASE_URL, databaseOptionsOf(settings));
            new Logger('Database').log(HostMessages.databaseOpened(description, applied));
            return db;
          },
        },
        { provide: APP_FILTER, useClass: DatabaseUnavailableFilter },
      ],
      exports: [HOST_DATABASE],
    };
  }

  /**
   * Releases the file handle (and WAL checkpoint) so tests and restarts leave
   * no lock behind. In the last phase of shutdown: workers stop in
   * `onModuleDestroy` and the audit sink drains in `beforeApplicationShutdown`,
   * both with the database still open.
   */
  async onApplicationShutdown(): Promise<void> {
    await this.db.destroy();
  }
}
