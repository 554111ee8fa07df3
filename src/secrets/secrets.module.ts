import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module';
import { SecretsService } from './secrets.service';

/** Provides {@link SecretsService}. */
@Module({
  imports: [DatabaseModule],
  providers: [SecretsService],
  exports: [SecretsService],
})
export class SecretsModule {}
