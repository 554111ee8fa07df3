/**
 * Polls `check` until it returns a value (not undefined), or fails after
 * `timeoutMs`: for what a server writes a moment after it answers (webhook
 * deliveries, audit events written in batches).
 */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
