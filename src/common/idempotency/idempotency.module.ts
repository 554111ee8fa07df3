import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database/database.module';
import { IdempotencyService } from './idempotency.service';

/** Provides {@link IdempotencyService} to every feature module that has writes. */
@Module({
  imports: [DatabaseModule],
  providers: [IdempotencyService],
  exports: [IdempotencyService],
})
export class IdempotencyModule {}
