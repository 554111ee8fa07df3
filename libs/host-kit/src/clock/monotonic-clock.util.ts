let last = 0;

/**
 * Now, but never the same millisecond twice in this process: listings sort by
 * `created_at`, and rows created in one millisecond would otherwise come back
 * in id order rather than creation order.
 */
export function monotonicNow(): Date {
  last = Math.max(Date.now(), last + 1);
  return new Date(last);
}
