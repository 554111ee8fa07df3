import { Module } from '@nestjs/common';
import { SecretsModule } from '@kobana/host-kit';
import { BILLING_DATABASE } from '../database/billing-database.constants';
import { BillingDatabaseModule } from '../database/billing-database.module';

/** Name of Billing's signing secret in its `secrets` table. */
export const BILLING_SIGNING_SECRET = 'BILLING_SIGNING_SECRET';

/**
 * Billing's signing secret (approval links, in-chat confirmations, the
 * approval page's cookie): `BILLING_SIGNING_SECRET` from the environment,
 * required in production; elsewhere, when unset, generated on first start
 * and kept in the `secrets` table, so every replica sharing the database
 * signs alike.
 */
const BILLING_SECRETS = SecretsModule.register({
  imports: [BillingDatabaseModule],
  database: BILLING_DATABASE,
  names: [BILLING_SIGNING_SECRET],
  fromConfig: true,
});

/** Provides Billing's `SecretsService`, loaded once per application. */
@Module({ imports: [BILLING_SECRETS], exports: [BILLING_SECRETS] })
export class BillingSecretsModule {}
