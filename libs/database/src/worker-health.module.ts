import { DynamicModule, Global, Module } from '@nestjs/common';
import { WORKER_HEALTH_OPTIONS } from './worker-health.constants';
import type { WorkerHealthOptions } from './worker-health.options';
import { WorkerHealthRegistry } from './worker-health.registry';

/**
 * The application's one {@link WorkerHealthRegistry}, global, so workers of
 * every module report to it and `/readyz` reads it. Without this module a
 * worker runs the same, unobserved.
 */
@Global()
@Module({})
export class WorkerHealthModule {
  /** The registry with settings computed from other providers (a host's configuration). */
  static forRootAsync(options: {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Nest's injection tokens
    inject?: any[];
    useFactory: (...args: any[]) => WorkerHealthOptions;
  }): DynamicModule {
    return {
      module: WorkerHealthModule,
      providers: [{ provide: WORKER_HEALTH_OPTIONS, inject: options.inject ?? [], useFactory: options.useFactory }, WorkerHealthRegistry],
      exports: [WorkerHealthRegistry],
    };
  }
}
