import { databaseOptionsOf, readDatabaseConfig } from './database-config.parser';

describe('readDatabaseConfig', () => {
  it('reads each bound, and hands them to openDatabase under their option names', () => {
    const problems: string[] = [];
    const config = readDatabaseConfig(
      { DATABASE_STARTUP_TIMEOUT_MS: '0', DATABASE_ACQUIRE_TIMEOUT_MS: '2500', DATABASE_STATEMENT_TIMEOUT_MS: '30000', DATABASE_BUSY_TIMEOUT_MS: '100' },
      problems,
    );
    expect(problems).toEqual([]);
    expect(databaseOptionsOf(config)).toEqual({ startupTimeoutMs: 0, acquireTimeoutMs: 2500, statementTimeoutMs: 30_000, busyTimeoutMs: 100 });
  });

  it('refuses a bound that is no integer, or one so short every statement would fail, naming the variable', () => {
    const problems: string[] = [];
    const config = readDatabaseConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '5', DATABASE_ACQUIRE_TIMEOUT_MS: '1s' }, problems);
    expect(problems).toEqual([
      'DATABASE_ACQUIRE_TIMEOUT_MS must be an integer of at least 100 (got "1s")',
      'DATABASE_STATEMENT_TIMEOUT_MS must be an integer of at least 100 (got "5")',
    ]);
    expect(config.DATABASE_STATEMENT_TIMEOUT_MS).toBe(15_000);
  });
});
