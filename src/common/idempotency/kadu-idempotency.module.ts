import { Module } from '@nestjs/common';
import { IdempotencyModule } from '@kobana/idempotency';
import { DatabaseModule } from '../../database/database.module';
import { KADU_DATABASE } from '../../database/kadu-database.constants';

const KADU_IDEMPOTENCY = IdempotencyModule.register({ imports: [DatabaseModule], database: KADU_DATABASE });

/** Provides `IdempotencyService<KaduDatabase>` to every feature module of Kadu that has writes. */
@Module({ imports: [KADU_IDEMPOTENCY], exports: [KADU_IDEMPOTENCY] })
export class KaduIdempotencyModule {}
