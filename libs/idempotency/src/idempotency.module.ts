import { DynamicModule, Module } from '@nestjs/common';
import { IDEMPOTENCY_DATABASE, IdempotencyHostOptions } from './idempotency.options';
import { IdempotencyService } from './idempotency.service';

/** Provides {@link IdempotencyService} on one host's database to every feature module that has writes. */
@Module({})
export class IdempotencyModule {
  /** Call it once per host and import the result (or a module that re-exports it) wherever writes happen. */
  static register(host: IdempotencyHostOptions): DynamicModule {
    return {
      module: IdempotencyModule,
      imports: host.imports,
      providers: [{ provide: IDEMPOTENCY_DATABASE, useExisting: host.database }, IdempotencyService],
      exports: [IdempotencyService],
    };
  }
}
