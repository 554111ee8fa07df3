/**
 * A host's keys cannot be used as they are (kept in the database in
 * production, or too short). The message is one line that says what to set,
 * so the start-up failure needs no stack to be understood.
 */
export class SecretsPolicyError extends Error {
  override readonly name = 'SecretsPolicyError';
}
