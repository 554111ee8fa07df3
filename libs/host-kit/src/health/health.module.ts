import { DynamicModule, Module, ModuleMetadata } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HostReadiness } from './host-readiness.service';
import { READINESS_CHECKS, ReadinessCheck } from './readiness-check.interface';

/** How a host hands its readiness checks to {@link HealthModule}. */
export interface HealthModuleOptions {
  imports?: ModuleMetadata['imports'];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Nest's injection tokens
  inject?: any[];
  /** The host's checks: its database and migrations, its Redis when configured. */

  useFactory: (...args: any[]) => ReadinessCheck[] | Promise<ReadinessCheck[]>;
}

/**
 * `GET /healthz` and `GET /readyz` for a host (see `docs/deployment.md`),
 * and {@link HostReadiness}, which shutdown turns off. Global, so the host's
 * shutdown finds the one instance.
 */
@Module({})
export class HealthModule {
  static forRootAsync(options: HealthModuleOptions): DynamicModule {
    return {
      module: HealthModule,
      global: true,
      imports: options.imports ?? [],
      controllers: [HealthController],
      providers: [HostReadiness, { provide: READINESS_CHECKS, inject: options.inject ?? [], useFactory: options.useFactory }],
      exports: [HostReadiness],
    };
  }
}
