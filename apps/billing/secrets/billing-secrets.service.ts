import { Injectable, OnModuleInit } from '@nestjs/common';
import { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { GENERATED_SECRET_BYTES } from '../../../src/secrets/secrets.constants';
import { BillingDatabase } from '../database/billing-database.interface';
import { InjectBillingDatabase } from '../database/inject-billing-database.decorator';

/** Name of Billing's signing secret in its `secrets` table. */
export const BILLING_SIGNING_SECRET = 'BILLING_SIGNING_SECRET';

/**
 * Billing's signing secret (approval links, in-chat confirmations, the
 * approval page's cookie): generated on first start and kept in the
 * `secrets` table, so every replica sharing the database signs alike.
 */
@Injectable()
export class BillingSecretsService implements OnModuleInit {
  private value: string | undefined;

  constructor(@InjectBillingDatabase() private readonly db: Kysely<BillingDatabase>) {}

  /** Insert-if-absent then read: when two replicas race, both read the winner's value. */
  async onModuleInit(): Promise<void> {
    await this.db
      .insertInto('secrets')
      .values({ name: BILLING_SIGNING_SECRET, value: randomBytes(GENERATED_SECRET_BYTES).toString('base64url'), created_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    this.value = (await this.db.selectFrom('secrets').select('value').where('name', '=', BILLING_SIGNING_SECRET).executeTakeFirstOrThrow()).value;
  }

  /**
   * The signing secret.
   * @throws Error when called before the module initialised.
   */
  get(): string {
    if (this.value === undefined) throw new Error(`Secret ${BILLING_SIGNING_SECRET} is not loaded yet`);
    return this.value;
  }
}
