import type { InjectionToken, ModuleMetadata } from '@nestjs/common';

/** Injection token of the host's `Kysely` database, which has a `secrets` table (see `SecretsDatabase`). */
export const SECRETS_DATABASE = Symbol('SecretsDatabase');

/** Injection token of the {@link SecretsOptions}. */
export const SECRETS_OPTIONS = Symbol('SecretsOptions');

/** Random bytes in a generated secret (256 bits, enough for HMAC-SHA256). */
export const GENERATED_SECRET_BYTES = 32;

/** Shortest value accepted from the environment (the rule Kadu's configuration already applied to its own). */
export const MIN_PROVIDED_SECRET_LENGTH = 32;

/** Which secrets a host keeps, and where their values may come from. */
export interface SecretsOptions<Name extends string = string> {
  /** Loaded at start-up; outside production each one missing is generated and stored, so every replica sharing the database signs alike. */
  names: readonly Name[];
  /**
   * Whether a value the configuration holds under the secret's own name (an
   * environment variable) wins, and then nothing is stored. Without it the
   * secrets can only be generated into the database, which production refuses.
   */
  fromConfig: boolean;
}

/** How a host registers `SecretsModule`. */
export interface SecretsHostOptions<Name extends string = string> extends SecretsOptions<Name> {
  /** Modules that provide `database`. */
  imports: NonNullable<ModuleMetadata['imports']>;
  /** The host's database token. */
  database: InjectionToken;
}
