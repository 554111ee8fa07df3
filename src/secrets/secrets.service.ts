import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { KaduConfig } from '../config/kadu-config.interface';
import { InjectDatabase } from '../database/inject-database.decorator';
import { KaduDatabase } from '../database/kadu-database.interface';
import { GENERATED_SECRET_BYTES, KADU_SECRET_NAMES, KaduSecretName } from './secrets.constants';

/**
 * Resolves Kadu's signing secrets once at start-up: the environment variable
 * when set, otherwise a value generated on first start and stored in the
 * `secrets` table, so every replica sharing the database signs alike.
 * Values are never logged; only where each one came from.
 */
@Injectable()
export class SecretsService implements OnModuleInit {
  private readonly logger = new Logger(SecretsService.name);
  private readonly values = new Map<KaduSecretName, string>();

  constructor(
    @InjectDatabase() private readonly db: Kysely<KaduDatabase>,
    private readonly config: ConfigService<KaduConfig, true>,
  ) {}

  /** Loads every secret, generating the missing ones. */
  async onModuleInit(): Promise<void> {
    for (const name of KADU_SECRET_NAMES) {
      const fromEnv = this.config.get(name, { infer: true });
      this.values.set(name, fromEnv ?? (await this.loadOrGenerate(name)));
      this.logger.log(`${name}: ${fromEnv ? 'from the environment' : 'from the database'}`);
    }
  }

  /**
   * The secret's value.
   * @throws Error when called before the module initialised.
   */
  get(name: KaduSecretName): string {
    const value = this.values.get(name);
    if (value === undefined) throw new Error(`Secret ${name} is not loaded yet`);
    return value;
  }

  /** Insert-if-absent then read: when two replicas race, both read the winner's value. */
  private async loadOrGenerate(name: KaduSecretName): Promise<string> {
    await this.db
      .insertInto('secrets')
      .values({ name, value: randomBytes(GENERATED_SECRET_BYTES).toString('base64url'), created_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const row = await this.db.selectFrom('secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
    return row.value;
  }
}
