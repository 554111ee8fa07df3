import { ConfigService } from '@nestjs/config';
import { kaduLimitsOptions } from './kadu-limits.options';
import { KaduQueueAvailability } from './kadu-queue-availability.provider';

const config = (env: Record<string, string>) => new ConfigService(env);

describe('kaduLimitsOptions', () => {
  it('applies the defaults', () => {
    expect(kaduLimitsOptions(config({}))).toEqual({
      readPerMinute: 600,
      writePerMinute: 120,
      runPerMinute: 30,
      redisUrl: undefined,
      redisCommandTimeoutMs: 1000,
      drainGraceMs: 10_000,
      executionQueueMax: 1000,
    });
  });

  it('reads the environment and refuses nonsense', () => {
    expect(kaduLimitsOptions(config({ KADU_RATE_LIMIT_RUN: '3', KADU_REDIS_URL: ' redis://127.0.0.1:6380 ', KADU_EXECUTION_QUEUE_MAX: '0' }))).toMatchObject({
      runPerMinute: 3,
      redisUrl: 'redis://127.0.0.1:6380',
      executionQueueMax: 0,
    });
    expect(() => kaduLimitsOptions(config({ KADU_RATE_LIMIT_WRITE: '0' }))).toThrow('KADU_RATE_LIMIT_WRITE must be an integer of at least 1');
    expect(() => kaduLimitsOptions(config({ KADU_DRAIN_GRACE_MS: '10s' }))).toThrow(/KADU_DRAIN_GRACE_MS/);
  });
});

describe('KaduQueueAvailability.retryAfterOnError', () => {
  const availability = new KaduQueueAvailability({} as never, kaduLimitsOptions(config({})));

  it.each([
    [{ code: 'SQLITE_BUSY' }, 1],
    [{ code: 'SQLITE_LOCKED' }, 1],
    [{ code: 'SQLITE_CONSTRAINT_UNIQUE' }, undefined],
    [{ code: '40001' }, 1],
    [{ code: '40P01' }, 1],
    [{ code: '55P03' }, 1],
    [{ code: '53300' }, 1],
    [{ code: '57P01' }, 1],
    [{ code: '57P03' }, 1],
    [{ code: '08006' }, 1],
    [{ code: '08P01' }, 1],
    [{ code: '23505' }, undefined],
    [{ code: '22P02' }, undefined],
    [{ code: '08' }, undefined],
    [{ code: 'ECONNRESET' }, 1],
    [{ code: 'ENOTFOUND' }, undefined],
    [{ code: 'SQLITE_FULL' }, 30],
    [{ code: '53100' }, 30],
    [new Error('timeout exceeded when trying to connect'), 1],
    [new Error('Connection terminated due to connection timeout'), 1],
    [new Error('boom'), undefined],
    [null, undefined],
  ])('%j → %s', (error, expected) => {
    expect(availability.retryAfterOnError(error)).toBe(expected);
  });
});
