import { createHash } from 'node:crypto';

/**
 * Arguments that do not change what a call does. `idempotency_key` only
 * names a repetition of the same call, so a client that retries with a fresh
 * key (or drops it) still matches the confirmation it was given.
 */
const IGNORED_ARGUMENTS = new Set(['idempotency_key']);

/**
 * SHA-256 (hex) of the arguments as canonical JSON: keys sorted at every
 * depth, `undefined` dropped, {@link IGNORED_ARGUMENTS} left out at the top.
 */
export function confirmationDigest(args: Record<string, unknown>): string {
  const relevant = Object.fromEntries(Object.entries(args).filter(([key]) => !IGNORED_ARGUMENTS.has(key)));
  return createHash('sha256').update(canonicalJson(relevant)).digest('hex');
}

/** JSON with object keys sorted at every depth, so equal objects built in any order give the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(JSON.parse(JSON.stringify(value ?? null))));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, sortKeys(record[key])]),
  );
}
