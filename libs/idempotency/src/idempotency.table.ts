/**
 * `idempotency_keys`: one row per key an organization used for a write.
 * `request_digest` is the SHA-256 (hex) of the canonical arguments without
 * the key; `response` the first response as JSON text.
 */
export interface IdempotencyKeysTable {
  organization_id: string;
  key: string;
  operation: string;
  request_digest: string;
  response: string;
  created_at: string;
}

/** The tables `IdempotencyService` uses; created by `createIdempotencyKeys`. */
export interface IdempotencyDatabase {
  idempotency_keys: IdempotencyKeysTable;
}
