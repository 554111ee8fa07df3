import { Logger } from '@nestjs/common';
import { DatabaseOutageService } from './database-outage.service';

const withCode = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('DatabaseOutageService', () => {
  const logger = { warn: jest.fn(), log: jest.fn() };
  const outage = () => new DatabaseOutageService('PostgreSQL', logger as unknown as Logger);
  beforeEach(() => jest.clearAllMocks());

  it('logs the first failure of an outage in words, counts the rest, and logs the return once', () => {
    const service = outage();
    service.failed(withCode('57P01', 'terminating connection due to administrator command'));
    service.failed(new Error('Connection terminated unexpectedly'));
    service.failed(withCode('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.5:5432'));
    expect(service.isDown).toBe(true);
    service.restored();
    service.restored();
    expect(logger.warn.mock.calls).toEqual([
      ['PostgreSQL connection lost (57P01: the server was shut down by its administrator): the pool opens a new one at the next query'],
    ]);
    expect(logger.log.mock.calls).toEqual([['PostgreSQL connection restored (2 more connection errors during the outage not logged)']]);
    expect(service.isDown).toBe(false);
  });

  it('never logs a driver message, which may hold the connection string: an unknown error is named by its code or class', () => {
    const service = outage();
    service.failed(withCode('28P01', 'password authentication failed for user "kadu" postgres://kadu:hunter2@db'));
    outage().failed(new TypeError('postgres://kadu:hunter2@db is not valid'));
    const lines = logger.warn.mock.calls.map(([line]) => String(line));
    expect(lines).toEqual([expect.stringContaining('(28P01: '), expect.stringContaining('(TypeError: ')]);
    expect(lines.join('\n')).not.toMatch(/hunter2|kadu:/);
  });

  it('a connection that opens outside an outage says nothing', () => {
    outage().restored();
    expect(logger.log).not.toHaveBeenCalled();
  });
});
