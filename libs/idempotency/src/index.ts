/**
 * `@kobana/idempotency`: writes run at most once per `idempotency_key` and
 * organization (docs/protocol.md §5), over MCP and REST alike, on the host's database.
 */
export { IdempotentDto } from './idempotent.dto';
export { IdempotencyService } from './idempotency.service';
export { IdempotencyMessages } from './idempotency.messages';
export { IdempotencyModule } from './idempotency.module';
export { IdempotencyKeysPruner } from './idempotency-keys-pruner.worker';
export { DEFAULT_IDEMPOTENCY_SETTINGS } from './idempotency.options';
export type { IdempotencySettings, IdempotencyHostOptions } from './idempotency.options';
export { IdempotencyKeyHeader, withIdempotencyKey } from './idempotency-key.decorator';
export type { IdempotentRunOptions } from './idempotency-sealing.codec';
export type { IdempotencyKeysTable } from './idempotency.table';
export { createIdempotencyKeys } from './idempotency.migration';
