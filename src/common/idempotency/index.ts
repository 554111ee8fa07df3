export { IdempotentDto, MAX_IDEMPOTENCY_KEY_LENGTH } from './idempotent.dto';
export { IdempotencyService, IDEMPOTENCY_WINDOW_MS } from './idempotency.service';
export type { IdempotentEffect } from './idempotency.service';
export { IdempotencyModule } from './idempotency.module';
export { IdempotencyConflictException } from './idempotency-conflict.exception';
export { IdempotencyKeyHeader, withIdempotencyKey } from './idempotency-key.header';
export { canonicalJson, canonicalDigest } from './canonical-json';
export type { IdempotencySealer, IdempotentRunOptions } from './idempotency.sealing';
