import {
  databaseFault,
  isTransientDatabaseError,
  messageOnDatabaseError,
  retryAfterOnDatabaseError,
  STORAGE_RETRY_AFTER_SECONDS,
  transientDatabaseFault,
} from './database-transient.error';

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
    '57014',
    '57P02',
    '53000',
    '53200',
    'SQLITE_LOCKED_SHAREDCACHE',
    'ECONNREFUSED',
    'ECONNRESET',
    'EPIPE',
    'ETIMEDOUT',
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

  it.each(['SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_IOERR_WRITE', 'SQLITE_IOERR_FSYNC', '53100', '58030', 'ENOSPC', 'EDQUOT'])(
    'reads %s as a storage fault: Retry-After 30 and a message saying storage is full',
    (code) => {
      expect(databaseFault(withCode(code))).toEqual({ code, kind: 'storage' });
      expect(retryAfterOnDatabaseError(withCode(code))).toBe(STORAGE_RETRY_AFTER_SECONDS);
      expect(messageOnDatabaseError(withCode(code))).toMatch(/storage is full/);
    },
  );

  it('keeps the usual answer for an unavailable database: Retry-After 1, no message of its own', () => {
    expect(retryAfterOnDatabaseError(withCode('57P01'))).toBe(1);
    expect(messageOnDatabaseError(withCode('57P01'))).toBeUndefined();
  });

  it.each(['Connection terminated unexpectedly', 'Client has encountered a connection error and is not queryable', 'Client was closed and is not queryable'])(
    'names pg\'s lost connection "%s" CONNECTION_LOST',
    (message) => {
      expect(databaseFault(new Error(message))).toEqual({ code: 'CONNECTION_LOST', kind: 'unavailable' });
    },
  );

  it('finds the fault an error wraps, as the migrator wraps the one that stopped it', () => {
    const wrapped = new Error('Migrations could not start: connect ECONNREFUSED 127.0.0.1:5432', { cause: withCode('ECONNREFUSED') });
    expect(databaseFault(wrapped)).toEqual({ code: 'ECONNREFUSED', kind: 'unavailable' });
    expect(databaseFault(new Error('outer', { cause: wrapped }))).toEqual({ code: 'ECONNREFUSED', kind: 'unavailable' });
  });

  it.each([
    ['a constraint violation', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['a PostgreSQL unique violation', withCode('23505')],
    ['a wrong password', withCode('28P01')],
    ['an unknown host (a wrong DATABASE_URL)', withCode('ENOTFOUND')],
    ['a read-only SQLite file', withCode('SQLITE_READONLY')],
    ['a bug wrapping a bug', new Error('outer', { cause: new Error('inner') })],
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
