import type { InjectionToken, ModuleMetadata } from '@nestjs/common';

/** Injection token of the host's `Kysely` database, which has an `idempotency_keys` table (see `IdempotencyDatabase`). */
export const IDEMPOTENCY_DATABASE = Symbol('IdempotencyDatabase');

/** How a host registers `IdempotencyModule`. */
export interface IdempotencyHostOptions {
  /** Modules that provide `database`. */
  imports: NonNullable<ModuleMetadata['imports']>;
  /** The host's database token. */
  database: InjectionToken;
  /** Overrides of the defaults ({@link DEFAULT_IDEMPOTENCY_SETTINGS}), from the host's providers (its configuration). */
  settings?: {
    inject?: InjectionToken[];
    useFactory: (...args: never[]) => Partial<IdempotencySettings>;
  };
}

/** How often expired keys are swept; the host's `PRUNE_INTERVAL_MS` setting. */
export interface IdempotencySettings {
  /** Milliseconds between sweeps of keys past the replay window; 0: once, after start-up. @default 600000 (ten minutes) */
  pruneIntervalMs: number;
}

/** Every default of {@link IdempotencySettings}. */
export const DEFAULT_IDEMPOTENCY_SETTINGS: IdempotencySettings = { pruneIntervalMs: 10 * 60_000 };

/** Injection token of the resolved {@link IdempotencySettings}. */
export const IDEMPOTENCY_SETTINGS = Symbol('IdempotencySettings');
