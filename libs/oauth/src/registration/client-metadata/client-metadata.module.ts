import { DynamicModule, FactoryProvider, InjectionToken, Module, ModuleMetadata, OptionalFactoryDependency, Provider } from '@nestjs/common';
import { ClientMetadataSource } from '../../interfaces/client-metadata-source.interface';
import type { ClientMetadataOptions } from './client-metadata.options';
import { ClientMetadataDocuments } from './client-metadata-resolver.provider';

/** Options computed when the application starts (from the host's configuration). */
export interface ClientMetadataOptionsFactory {
  /** Modules that provide what `inject` names (a global `ConfigModule` needs none). */
  imports?: NonNullable<ModuleMetadata['imports']>;
  inject?: (InjectionToken | OptionalFactoryDependency)[];
  useFactory: (...args: never[]) => ClientMetadataOptions;
}

/**
 * A provider of the {@link ClientMetadataSource} token backed by
 * {@link ClientMetadataDocuments}, for a module's `providers`. Options are
 * given as they are, or by a factory run at start-up.
 */
export function provideClientMetadataSource(options: ClientMetadataOptions | ClientMetadataOptionsFactory = {}): Provider {
  if ('useFactory' in options) {
    const factory = options.useFactory as (...args: unknown[]) => ClientMetadataOptions;
    return {
      provide: ClientMetadataSource,
      inject: options.inject ?? [],
      useFactory: (...args: unknown[]) => new ClientMetadataDocuments(factory(...args)),
    } satisfies FactoryProvider;
  }
  return { provide: ClientMetadataSource, useFactory: () => new ClientMetadataDocuments(options) };
}

/**
 * Provides and exports the {@link ClientMetadataSource} token, for a host
 * that imports it where the authorization server is registered.
 */
@Module({})
export class ClientMetadataDocumentsModule {
  /** With options given as they are, or computed at start-up by a factory (see {@link ClientMetadataOptionsFactory}). */
  static register(options: ClientMetadataOptions | ClientMetadataOptionsFactory = {}): DynamicModule {
    return {
      module: ClientMetadataDocumentsModule,
      imports: 'useFactory' in options ? (options.imports ?? []) : [],
      providers: [provideClientMetadataSource(options)],
      exports: [ClientMetadataSource],
    };
  }
}
