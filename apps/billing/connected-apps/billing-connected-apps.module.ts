import { Module } from '@nestjs/common';
import { CONNECTED_APPS_DATABASE, ConnectedAppsModule } from '@kobana/oauth';
import { BillingApprovalsModule } from '../approvals/billing-approvals.module';
import { BILLING_DATABASE } from '../database/billing-database.constants';
import { BillingDatabaseModule } from '../database/billing-database.module';

const DATABASE = { provide: CONNECTED_APPS_DATABASE, useExisting: BILLING_DATABASE };

/**
 * The apps a person connected to Kobana Billing with OAuth: `/connected-apps`,
 * behind the approval flow's sign-in (`kbill_session`), over Billing's `oauth_records`.
 */
@Module({
  imports: [ConnectedAppsModule.register({ imports: [BillingDatabaseModule, BillingApprovalsModule], providers: [DATABASE] })],
})
export class BillingConnectedAppsModule {}

/** The same service without the page, for the CLI (`token list`, `token revoke`, `client ...`). */
@Module({
  imports: [ConnectedAppsModule.forCli({ imports: [BillingDatabaseModule], providers: [DATABASE] })],
  exports: [ConnectedAppsModule],
})
export class BillingConnectedAppsCliModule {}
