import { Inject, Injectable, Logger, OnModuleInit, Optional } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { narrowDatabase } from '@kobana/database';
import { GENERATED_SECRET_BYTES, MIN_PROVIDED_SECRET_LENGTH, SECRETS_DATABASE, SECRETS_OPTIONS, SecretsOptions } from './secrets.options';
import { SECRETS_MESSAGES } from './secrets.messages';
import { SecretsPolicyError } from './secrets-policy.error';
import { SecretsDatabase } from './secrets.table';

/**
 * Resolves a host's signing secrets once at start-up: the configuration's
 * value when the host allows one and it is set, otherwise a value generated
 * on first start and stored in the `secrets` table, so every replica sharing
 * the database signs alike: convenient for development, refused in
 * production (see `onModuleInit`). Values are never logged, only the names
 * of those kept in the database.
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

  /**
   * Loads every secret, generating the missing ones. A generated key sits in
   * the same database as what it protects (a copy of the database is then
   * enough to forge approvals or read webhook secrets), so in production
   * (`NODE_ENV=production`) the missing ones are refused instead, naming the
   * variables to set; elsewhere one warning line names them.
   *
   * @throws SecretsPolicyError in production when a secret is not in the environment, or one given is too short.
   */
  async onModuleInit(): Promise<void> {
    const provided = new Map<Name, string>();
    for (const name of this.options.names) {
      const value = this.options.fromConfig ? this.config?.get<string>(name) : undefined;
      if (value === undefined || value === '') continue;
      if (value.length < MIN_PROVIDED_SECRET_LENGTH) throw new SecretsPolicyError(SECRETS_MESSAGES.tooShort(name, MIN_PROVIDED_SECRET_LENGTH));
      provided.set(name, value);
    }
    const inDatabase = this.options.names.filter((name) => !provided.has(name));
    if (inDatabase.length > 0 && this.production()) throw new SecretsPolicyError(SECRETS_MESSAGES.refusedInProduction(inDatabase, this.options.fromConfig));
    for (const name of this.options.names) this.values.set(name, provided.get(name) ?? (await this.loadOrGenerate(name)));
    if (inDatabase.length > 0) this.logger.warn(SECRETS_MESSAGES.keptInDatabase(inDatabase));
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

  private production(): boolean {
    return (this.config?.get<string>('NODE_ENV') ?? process.env.NODE_ENV) === 'production';
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
