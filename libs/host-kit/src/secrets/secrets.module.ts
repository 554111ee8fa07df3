import { DynamicModule, Module } from '@nestjs/common';
import { SECRETS_DATABASE, SECRETS_OPTIONS, SecretsHostOptions, SecretsOptions } from './secrets.options';
import { SecretsService } from './secrets.service';

/** Provides {@link SecretsService}, bound to one host's database and list of secrets. */
@Module({})
export class SecretsModule {
  /** Call it once per host and import the result where the secrets are needed, so they are loaded once. */
  static register<Name extends string>(host: SecretsHostOptions<Name>): DynamicModule {
    const options: SecretsOptions<Name> = { names: host.names, fromConfig: host.fromConfig };
    return {
      module: SecretsModule,
      imports: host.imports,
      providers: [{ provide: SECRETS_DATABASE, useExisting: host.database }, { provide: SECRETS_OPTIONS, useValue: options }, SecretsService],
      exports: [SecretsService],
    };
  }
}
