import { MCP_DEFAULT_DRAIN, MCP_DEFAULT_RATE_LIMITS, resolveDrain, resolveRateLimit } from './mcp-limits.options';

describe('limits defaults', () => {
  it('applies the defaults per class and keeps the storage', () => {
    const storage = { increment: jest.fn() };
    expect(resolveRateLimit({ run: { limit: 5, ttlMs: 1000 }, storage })).toEqual({ ...MCP_DEFAULT_RATE_LIMITS, run: { limit: 5, ttlMs: 1000 }, storage });
    expect(resolveRateLimit(undefined)).toEqual({ ...MCP_DEFAULT_RATE_LIMITS, storage: undefined });
    expect(resolveRateLimit(false)).toBe(false);
  });

  it.each([
    [{ write: { limit: 1.5, ttlMs: 60_000 } }, 'Invalid MCP rate limit for "write": limit must be an integer ≥ 1'],
    [{ run: { limit: 1, ttlMs: 10 } }, 'Invalid MCP rate limit for "run": ttlMs must be an integer ≥ 1000'],
  ])('refuses %j', (options, message) => {
    expect(() => resolveRateLimit(options)).toThrow(message);
  });

  it('takes any budget, in memory as in a shared storage (the in-memory store keeps counters, not one entry per hit)', () => {
    const storage = { increment: jest.fn() };
    expect(resolveRateLimit({ read: { limit: 1_000_000, ttlMs: 60_000 }, storage })).toMatchObject({ read: { limit: 1_000_000, ttlMs: 60_000 } });
    expect(resolveRateLimit({ read: { limit: 1_000_000, ttlMs: 60_000 } })).toMatchObject({ read: { limit: 1_000_000, ttlMs: 60_000 } });
  });

  it('merges the drain options', () => {
    expect(resolveDrain(undefined)).toEqual(MCP_DEFAULT_DRAIN);
    expect(resolveDrain({ graceMs: 1 })).toEqual({ graceMs: 1, retryAfterSeconds: 5 });
  });
});
