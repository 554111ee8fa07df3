import { Module } from '@nestjs/common';
import { ApprovalFlowModule } from '../../../src/approvals/approval-flow.module';
import { APPROVAL_DATABASE, APPROVAL_IDENTITY, APPROVAL_SIGNING_SECRET } from '../../../src/approvals/approval-host';
import { BILLING_DATABASE } from '../database/billing-database.constants';
import { BillingDatabaseModule } from '../database/billing-database.module';
import { BillingIdentityModule } from '../identity/billing-identity.module';
import { BillingIdentityService } from '../identity/billing-identity.service';
import { BillingSecretsService } from '../secrets/billing-secrets.service';

const BILLING_APPROVAL_FLOW = ApprovalFlowModule.register({
  imports: [BillingDatabaseModule, BillingIdentityModule],
  providers: [
    BillingSecretsService,
    { provide: APPROVAL_DATABASE, useExisting: BILLING_DATABASE },
    { provide: APPROVAL_IDENTITY, useExisting: BillingIdentityService },
    { provide: APPROVAL_SIGNING_SECRET, useExisting: BillingSecretsService },
  ],
});

/**
 * Confirmation of destructive MCP tools, Billing's side (ADDENDUM §7): Kadu's
 * approval flow (store, `/sign-in`, `/approvals/:id`) bound to Billing's
 * database, users and persisted signing secret.
 */
@Module({
  imports: [BILLING_APPROVAL_FLOW],
  exports: [BILLING_APPROVAL_FLOW],
})
export class BillingApprovalsModule {}
