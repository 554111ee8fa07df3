import { DynamicModule, Module, ModuleMetadata } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HostReadiness } from './host-readiness.service';
import { ReadinessProbe } from './readiness-probe.service';
import { READINESS_CHECKS, ReadinessCheck } from './readiness-check.interface';
import { READINESS_OPTIONS, ReadinessOptions, readinessOptionsOf } from './readiness.options';

/** How a host hands its readiness checks to {@link HealthModule}. */
export interface HealthModuleOptions {
  imports?: ModuleMetadata['imports'];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Nest's injection tokens
  inject?: any[];
  /** The host's checks (its database and migrations, its Redis when configured), alone or with the probe's time budget. */

  useFactory: (...args: any[]) => ReadinessCheck[] | ReadinessOptions | Promise<ReadinessCheck[] | ReadinessOptions>;
}

/**
 * `GET /healthz` and `GET /readyz` for a host (see `docs/deployment.md`),
 * and {@link HostReadiness}, which shutdown turns off. Global, so the host's
 * shutdown finds the one instance. `/readyz` also reports every worker of
 * the application's `WorkerHealthRegistry` (`@kobana/database`), when it has one.
 */
@Module({})
export class HealthModule {
  static forRootAsync(options: HealthModuleOptions): DynamicModule {
    return {
      module: HealthModule,
      global: true,
      imports: options.imports ?? [],
      controllers: [HealthController],
      providers: [
        HostReadiness,
        ReadinessProbe,
        {
          provide: READINESS_OPTIONS,
          inject: options.inject ?? [],
          useFactory: async (...args: unknown[]) => readinessOptionsOf(await options.useFactory(...args)),
        },
        { provide: READINESS_CHECKS, inject: [READINESS_OPTIONS], useFactory: (readiness: Required<ReadinessOptions>) => readiness.checks },
      ],
      exports: [HostReadiness],
    };
  }
}
