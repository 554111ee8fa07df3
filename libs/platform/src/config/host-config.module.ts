import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { HOST_DESCRIPTOR, HOST_SETTINGS } from '../host.constants';
import type { HostCoreDescriptor, HostDescriptor } from '../host-descriptor.interface';
import { hostSettingsOf, loadHostConfig } from './host-config.parser';

/**
 * The global `ConfigModule`, loaded with {@link loadHostConfig} when the
 * application is created (not when this file is imported, so the
 * environment of that moment counts: the test helpers rely on it), plus the
 * descriptor and the shared settings under their tokens.
 */
@Module({})
export class HostConfigModule {
  static forHost(host: HostCoreDescriptor & Pick<HostDescriptor, 'config'>): DynamicModule {
    return {
      module: HostConfigModule,
      global: true,
      imports: [ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: !host.envFile, load: [() => loadHostConfig(host, process.env)] })],
      providers: [
        { provide: HOST_DESCRIPTOR, useValue: host },
        { provide: HOST_SETTINGS, inject: [ConfigService], useFactory: (config: ConfigService) => hostSettingsOf(host, (key) => config.get(key)) },
      ],
      exports: [HOST_DESCRIPTOR, HOST_SETTINGS],
    };
  }
}
