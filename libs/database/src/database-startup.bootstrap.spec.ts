import { Logger } from '@nestjs/common';
import { StartupClock, untilDatabaseAnswers } from './database-startup.bootstrap';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A clock whose sleeps pass at once, recorded; what the specs read is the pauses asked for, not time spent. */
function fakeClock(): StartupClock & { pauses: number[] } {
  let now = 0;
  const pauses: number[] = [];
  return { pauses, now: () => now, sleep: async (ms) => void (pauses.push(ms), (now += ms)) };
}

describe('untilDatabaseAnswers', () => {
  const logger = { warn: jest.fn() };
  beforeEach(() => logger.warn.mockClear());

  it('retries while the database refuses connections, doubling the pause up to 5 s, and returns what the attempt returns', async () => {
    const clock = fakeClock();
    let attempts = 0;
    const attempt = async () => {
      if (++attempts < 7) throw new Error('Migrations could not start: connect ECONNREFUSED', { cause: refused() });
      return ['0001_create'];
    };
    expect(await untilDatabaseAnswers(attempt, 60_000, clock, logger as unknown as Logger)).toEqual(['0001_create']);
    expect(clock.pauses).toEqual([250, 500, 1000, 2000, 4000, 5000]);
    expect(logger.warn.mock.calls[0]).toEqual(['Waiting for the database (ECONNREFUSED: connection refused): next attempt in 250 ms, giving up in 60000 ms']);
    expect(logger.warn).toHaveBeenCalledTimes(6);
  });

  it('gives up once the bound has passed, naming the setting and the last fault', async () => {
    const clock = fakeClock();
    const attempt = jest.fn(async () => {
      throw refused();
    });
    await expect(untilDatabaseAnswers(attempt, 2000, clock, logger as unknown as Logger)).rejects.toThrow(
      'The database did not answer within 2000 ms (DATABASE_STARTUP_TIMEOUT_MS); last fault ECONNREFUSED: connection refused',
    );
    // 250 + 500 + 1000, then the last 250 ms left.
    expect(clock.pauses).toEqual([250, 500, 1000, 250]);
  });

  it('throws any other error at once: a wrong password or a failing migration is no outage', async () => {
    const clock = fakeClock();
    const wrongPassword = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    await expect(untilDatabaseAnswers(() => Promise.reject(wrongPassword), 60_000, clock, logger as unknown as Logger)).rejects.toBe(wrongPassword);
    expect(clock.pauses).toEqual([]);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('does not wait on a full disk: start-up cannot migrate, and says why at once', async () => {
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    await expect(untilDatabaseAnswers(() => Promise.reject(full), 60_000, fakeClock(), logger as unknown as Logger)).rejects.toBe(full);
  });
});
