import { DynamicModule, Module } from '@nestjs/common';
import { IdempotencyKeysPruner } from './idempotency-keys-pruner.worker';
import { DEFAULT_IDEMPOTENCY_SETTINGS, IDEMPOTENCY_DATABASE, IDEMPOTENCY_SETTINGS, IdempotencyHostOptions, IdempotencySettings } from './idempotency.options';
import { IdempotencyService } from './idempotency.service';

/**
 * Provides {@link IdempotencyService} on one host's database to every feature
 * module that has writes, and sweeps the keys past the replay window.
 */
@Module({})
export class IdempotencyModule {
  /** Call it once per host and import the result (or a module that re-exports it) wherever writes happen. */
  static register(host: IdempotencyHostOptions): DynamicModule {
    return {
      module: IdempotencyModule,
      imports: host.imports,
      providers: [
        { provide: IDEMPOTENCY_DATABASE, useExisting: host.database },
        {
          provide: IDEMPOTENCY_SETTINGS,
          inject: host.settings?.inject ?? [],
          useFactory: (...args: never[]): IdempotencySettings => ({ ...DEFAULT_IDEMPOTENCY_SETTINGS, ...host.settings?.useFactory(...args) }),
        },
        IdempotencyService,
        IdempotencyKeysPruner,
      ],
      exports: [IdempotencyService],
    };
  }
}
