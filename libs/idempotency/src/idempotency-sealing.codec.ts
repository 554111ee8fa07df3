/**
 * Reversible encryption of the parts of a response that must not rest in
 * `idempotency_keys` as plaintext (a webhook's signing secret). Implemented
 * by the feature that owns the secret (`WebhookSecretBox`), so this module
 * needs no key of its own.
 */
export interface IdempotencySealer {
  seal(plaintext: string): string;
  /** @throws Error when the value cannot be opened (tampered, or sealed under another key). */
  open(sealed: string): string;
}

/** Options of `IdempotencyService.run`. */
export interface IdempotentRunOptions {
  /**
   * Top-level string fields of the response to keep sealed at rest. A replay
   * opens them, so it still answers exactly the first response (docs/protocol.md §5)
   * while the database never holds them readable.
   */
  sealed?: { fields: readonly string[]; sealer: IdempotencySealer };
}

/** How a sealed field is stored: an object, so it can never be mistaken for the plaintext. */
interface SealedValue {
  $sealed: string;
}

/** The response as stored: the declared fields replaced by their sealed form. */
export function sealResponse(response: unknown, options: IdempotentRunOptions): unknown {
  const sealed = options.sealed;
  if (!sealed || !isRecord(response)) return response;
  const stored: Record<string, unknown> = { ...response };
  for (const field of sealed.fields) {
    const value = stored[field];
    if (typeof value === 'string') stored[field] = { $sealed: sealed.sealer.seal(value) } satisfies SealedValue;
  }
  return stored;
}

/** The first response again, from its stored form. */
export function openResponse(stored: unknown, options: IdempotentRunOptions): unknown {
  const sealed = options.sealed;
  if (!sealed || !isRecord(stored)) return stored;
  const response: Record<string, unknown> = { ...stored };
  for (const field of sealed.fields) {
    const value = response[field];
    if (isRecord(value) && typeof value.$sealed === 'string') response[field] = sealed.sealer.open(value.$sealed);
  }
  return response;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
