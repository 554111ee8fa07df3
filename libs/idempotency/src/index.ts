export { IdempotentDto } from './idempotent.dto';
export { IdempotencyService } from './idempotency.service';
export type { IdempotentEffect } from './idempotency.service';
export { IdempotencyModule } from './idempotency.module';
export { IdempotencyKeyHeader, withIdempotencyKey } from './idempotency-key.header';
export type { IdempotencySealer, IdempotentRunOptions } from './idempotency.sealing';
export type { IdempotencyDatabase, IdempotencyKeysTable } from './idempotency.table';
export { createIdempotencyKeys } from './idempotency.migration';
