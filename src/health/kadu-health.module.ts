import { Kysely } from 'kysely';
import { HealthModule, ReadinessCheck, databaseReadinessChecks } from '@kobana/host-kit';
import { DatabaseModule } from '../database/database.module';
import { KADU_DATABASE } from '../database/kadu-database.constants';
import { KaduDatabase } from '../database/kadu-database.interface';
import { KADU_MIGRATIONS } from '../database/migrations';
import { KaduLimitsModule } from '../limits/kadu-limits.module';
import { KaduRateLimitStore } from '../limits/kadu-rate-limit.store';

/**
 * Kadu's probes: `/readyz` checks the database, its migrations and, when
 * `KADU_REDIS_URL` is set, the Redis the replicas share their rate limits in.
 */
export const KaduHealthModule = HealthModule.forRootAsync({
  imports: [DatabaseModule, KaduLimitsModule],
  inject: [KADU_DATABASE, KaduRateLimitStore],
  useFactory: (db: Kysely<KaduDatabase>, store: KaduRateLimitStore): ReadinessCheck[] => [
    ...databaseReadinessChecks(db, KADU_MIGRATIONS),
    ...(store.usesRedis ? [{ name: 'redis', check: () => store.ping() }] : []),
  ],
});
