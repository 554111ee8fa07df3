import { DynamicModule, Module } from '@nestjs/common';
import { SecretsModule } from '@kobana/host-kit';
import { IdempotencyModule } from '@kobana/idempotency';
import { IdentityModule } from '@kobana/identity';
import { People, PersonRecords } from '@kobana/people';
import { hostIdentityOptions } from './config/host-identity.options';
import { HOST_DATABASE, HOST_SETTINGS } from './host.constants';
import type { HostSettings } from './config/host-settings.interface';
import type { HostDescriptor } from './host-descriptor.interface';
import { hostPeopleProviders } from './people/host-people.provider';

/**
 * What every feature of a host may inject, to the whole application
 * (global): `SecretsService` (the signing secret and the host's own
 * secrets, each from its variable or generated and kept in the database),
 * `IdentityService` with the MCP verifier and `ApiAuthGuard`,
 * `IdempotencyService`, all on the host's database, and the host's `People`
 * with the `PersonRecords` kept of them (`@kobana/people`; identity's own
 * people unless the descriptor names others).
 */
@Module({})
export class HostServicesModule {
  static forHost(host: HostDescriptor): DynamicModule {
    const modules = [
      SecretsModule.register({ imports: [], database: HOST_DATABASE, names: [`${host.envPrefix}SIGNING_SECRET`, ...(host.secrets ?? [])], fromConfig: true }),
      IdentityModule.register({ imports: [], database: HOST_DATABASE, options: hostIdentityOptions(host) }),
      IdempotencyModule.register({
        imports: [],
        database: HOST_DATABASE,
        settings: { inject: [HOST_SETTINGS], useFactory: (settings: HostSettings) => ({ pruneIntervalMs: settings.pruneIntervalMs }) },
      }),
    ];
    const people = hostPeopleProviders(host);
    return {
      module: HostServicesModule,
      global: true,
      imports: [...modules, ...people.imports],
      providers: people.providers,
      exports: [...modules, People, PersonRecords],
    };
  }
}
