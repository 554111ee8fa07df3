import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { hostLoggerParams } from './host-logging.options';
import { readHostLogSettings } from './host-logging-settings.parser';
import { HostLogger } from './host-logger.service';

/**
 * Structured logs for a host: import `HostLoggingModule.forRoot()` in the
 * application module, create the application with `bufferLogs: true` and
 * call `app.useLogger(app.get(HostLogger))` (see `useHostLogger`). Settings
 * come from `LOG_LEVEL` and `LOG_FORMAT` (see {@link readHostLogSettings}).
 */
@Module({})
export class HostLoggingModule {
  static forRoot(env: NodeJS.ProcessEnv = process.env): DynamicModule {
    return {
      module: HostLoggingModule,
      imports: [LoggerModule.forRoot(hostLoggerParams(readHostLogSettings(env)))],
      providers: [HostLogger],
      exports: [HostLogger],
    };
  }
}
