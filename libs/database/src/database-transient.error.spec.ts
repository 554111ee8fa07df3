import { isTransientDatabaseError, transientDatabaseFault } from './database-transient.error';

const withCode = (code: unknown, message = 'x') => Object.assign(new Error(message), { code });

describe('transientDatabaseFault', () => {
  it.each([
    'SQLITE_BUSY',
    'SQLITE_BUSY_SNAPSHOT',
    'SQLITE_BUSY_TIMEOUT',
    'SQLITE_LOCKED',
    '40001',
    '40P01',
    '55P03',
    '25P03',
    '53300',
    '57P01',
    '57P03',
    '08000',
    '08006',
  ])('names %s by its code', (code) => {
    expect(transientDatabaseFault(withCode(code))).toBe(code);
    expect(isTransientDatabaseError(withCode(code))).toBe(true);
  });

  it.each(['timeout exceeded when trying to connect', 'Connection terminated due to connection timeout'])(
    'names the pool timeout "%s" POOL_TIMEOUT',
    (message) => {
      expect(transientDatabaseFault(new Error(message))).toBe('POOL_TIMEOUT');
    },
  );

  it.each([
    ['a constraint violation', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['a PostgreSQL unique violation', withCode('23505')],
    ['a Node error code of class 08 look-alike', withCode('08')],
    ['a numeric code', withCode(40001)],
    ['a pool-timeout message that also has a code', withCode('ERR_X', 'timeout exceeded when trying to connect')],
    ['a plain error', new Error('boom')],
    ['a string', 'SQLITE_BUSY'],
    ['null', null],
  ])('is undefined for %s', (_label, error) => {
    expect(transientDatabaseFault(error)).toBeUndefined();
    expect(isTransientDatabaseError(error)).toBe(false);
  });
});
