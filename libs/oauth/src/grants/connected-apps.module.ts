import { DynamicModule, Module, ModuleMetadata, Provider } from '@nestjs/common';
import { ConnectedAppsController } from '../pages/connected-apps.controller';
import { ConnectedAppsService } from './connected-apps.service';

/** What a host hands the connected apps: the modules its providers need, and a provider of `CONNECTED_APPS_DATABASE`. */
export interface ConnectedAppsHostOptions {
  /** For the page: must include the host's approval flow (its sessions and page POST policy). */
  imports: NonNullable<ModuleMetadata['imports']>;
  /** Must provide `CONNECTED_APPS_DATABASE` (see `connected-apps-host.table.ts`). */
  providers: Provider[];
}

/**
 * A person's connected apps (the OAuth grants they allowed) for any host:
 * {@link ConnectedAppsService}, and with {@link ConnectedAppsModule.register}
 * the `/connected-apps` page. Apart from the authorization server's module,
 * so a host's CLI gets the service without the protocol library or the pages.
 */
@Module({})
export class ConnectedAppsModule {
  /** The service and the `/connected-apps` page, bound to one host's database and sign-in. */
  static register(host: ConnectedAppsHostOptions): DynamicModule {
    return { ...ConnectedAppsModule.forCli(host), controllers: [ConnectedAppsController] };
  }

  /** The service only (grants and clients), for a host's CLI. */
  static forCli(host: ConnectedAppsHostOptions): DynamicModule {
    return {
      module: ConnectedAppsModule,
      imports: host.imports,
      providers: [...host.providers, ConnectedAppsService],
      exports: [ConnectedAppsService],
    };
  }
}
