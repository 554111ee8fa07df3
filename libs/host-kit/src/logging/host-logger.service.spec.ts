import type { PinoLogger } from 'nestjs-pino';
import { HostLogger } from './host-logger.service';

describe('HostLogger', () => {
  function logger() {
    const pino = { info: jest.fn(), debug: jest.fn(), warn: jest.fn(), error: jest.fn() };
    return { pino, host: new HostLogger(pino as unknown as PinoLogger, {}) };
  }

  it("moves Nest's start-up narration and the database's opening line to debug", () => {
    const { pino, host } = logger();
    for (const context of ['RouterExplorer', 'RoutesResolver', 'InstanceLoader', 'NestFactory', 'NestApplication', 'Database', 'BillingDatabase']) {
      host.log('narration', context);
    }
    expect(pino.info).not.toHaveBeenCalled();
    expect(pino.debug).toHaveBeenCalledTimes(7);
  });

  it('keeps every other line, and warnings of the same contexts, where they are', () => {
    const { pino, host } = logger();
    host.log('a fact', 'TasksService');
    host.warn('careful', 'Database');
    expect(pino.info).toHaveBeenCalledTimes(1);
    expect(pino.warn).toHaveBeenCalledTimes(1);
    expect(pino.debug).not.toHaveBeenCalled();
  });
});
