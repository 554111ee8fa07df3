import { Inject, Injectable } from '@nestjs/common';
import { Logger, Params, PARAMS_PROVIDER_TOKEN, PinoLogger } from 'nestjs-pino';

/**
 * Nest's own start-up narration, one line per module, route and step, and
 * the database's "opened, migrations applied" (a host's `*Database` context):
 * at `debug`, so a start prints the banner and the warnings only
 * (`LOG_LEVEL=debug` shows them again). Their warnings and errors stay.
 */
const START_UP_CONTEXTS = new Set(['NestFactory', 'NestApplication', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer']);
const DATABASE_CONTEXT = /Database$/;

/** The `nestjs-pino` logger of a host, with Nest's start-up lines moved to `debug`. */
@Injectable()
export class HostLogger extends Logger {
  constructor(logger: PinoLogger, @Inject(PARAMS_PROVIDER_TOKEN) params: Params) {
    super(logger, params);
  }

  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams[optionalParams.length - 1];
    if (typeof context === 'string' && (START_UP_CONTEXTS.has(context) || DATABASE_CONTEXT.test(context))) return super.debug(message, ...optionalParams);
    return super.log(message, ...optionalParams);
  }
}
