import type { InjectionToken, ModuleMetadata } from '@nestjs/common';

/** Injection token of the host's `Kysely` database, which has an `idempotency_keys` table (see `IdempotencyDatabase`). */
export const IDEMPOTENCY_DATABASE = Symbol('IdempotencyDatabase');

/** How a host registers `IdempotencyModule`. */
export interface IdempotencyHostOptions {
  /** Modules that provide `database`. */
  imports: NonNullable<ModuleMetadata['imports']>;
  /** The host's database token. */
  database: InjectionToken;
}
