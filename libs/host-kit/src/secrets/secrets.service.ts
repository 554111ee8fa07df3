import { Inject, Injectable, Logger, OnModuleInit, Optional } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { narrowDatabase } from '@kobana/database';
import { GENERATED_SECRET_BYTES, SECRETS_DATABASE, SECRETS_OPTIONS, SecretsOptions } from './secrets.options';
import { SecretsDatabase } from './secrets.table';

/**
 * Resolves a host's signing secrets once at start-up: the configuration's
 * value when the host allows one and it is set, otherwise a value generated
 * on first start and stored in the `secrets` table, so every replica sharing
 * the database signs alike. Values are never logged; only where each one
 * came from, when it could come from either.
 *
 * @typeParam Name the host's secret names.
 */
@Injectable()
export class SecretsService<Name extends string = string, Host extends SecretsDatabase = SecretsDatabase> implements OnModuleInit {
  private readonly logger = new Logger(SecretsService.name);
  private readonly values = new Map<Name, string>();
  private readonly db: Kysely<SecretsDatabase>;

  constructor(
    @Inject(SECRETS_DATABASE) db: Kysely<Host>,
    @Inject(SECRETS_OPTIONS) private readonly options: SecretsOptions<Name>,
    // Any host's configuration: only the secrets' own names are read from it.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the host's config type is unknown here
    @Optional() @Inject(ConfigService) private readonly config?: ConfigService<any, boolean>,
  ) {
    this.db = narrowDatabase<SecretsDatabase, Host>(db);
  }

  /** Loads every secret, generating the missing ones. */
  async onModuleInit(): Promise<void> {
    for (const name of this.options.names) {
      const fromConfig = this.options.fromConfig ? this.config?.get<string>(name) : undefined;
      this.values.set(name, fromConfig ?? (await this.loadOrGenerate(name)));
      if (this.options.fromConfig) this.logger.log(`${name}: ${fromConfig ? 'from the environment' : 'from the database'}`);
    }
  }

  /**
   * The secret's value.
   * @throws Error when called before the module initialised.
   */
  get(name: Name): string {
    const value = this.values.get(name);
    if (value === undefined) throw new Error(`Secret ${name} is not loaded yet`);
    return value;
  }

  /** Insert-if-absent then read: when two replicas race, both read the winner's value. */
  private async loadOrGenerate(name: Name): Promise<string> {
    await this.db
      .insertInto('secrets')
      .values({ name, value: randomBytes(GENERATED_SECRET_BYTES).toString('base64url'), created_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const row = await this.db.selectFrom('secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
    return row.value;
  }
}
