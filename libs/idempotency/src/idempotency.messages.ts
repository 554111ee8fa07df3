/** The words the idempotency library gives a person. */
export const IdempotencyMessages = {
  /** What a confirmation says of a write that repeats an earlier call with the same key (docs/protocol.md §5, §7). */
  replayConfirmation: () => 'a repeat of a call already made with this idempotency_key: it answers that result again and changes nothing more',
  /** The warning logged when a sweep of expired keys fails (the next one tries again). */
  pruneFailed: (reason: string) => `Pruning expired idempotency keys failed: ${reason}`,
} as const;
