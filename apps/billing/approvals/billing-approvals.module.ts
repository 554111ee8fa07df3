import { Module } from '@nestjs/common';
import { ApprovalFlowModule } from '../../../src/approvals/approval-flow.module';
import { APPROVAL_DATABASE, APPROVAL_IDENTITY, APPROVAL_SIGNING_SECRET, ApprovalSigningSecret } from '../../../src/approvals/approval-host';
import { BILLING_DATABASE } from '../database/billing-database.constants';
import { BillingDatabaseModule } from '../database/billing-database.module';
import { BillingIdentityModule } from '../identity/billing-identity.module';
import { IdentityService } from '@kobana/identity';
import { SecretsService } from '@kobana/host-kit';
import { BILLING_SIGNING_SECRET, BillingSecretsModule } from '../secrets/billing-secrets.module';

const BILLING_APPROVAL_FLOW = ApprovalFlowModule.register({
  imports: [BillingDatabaseModule, BillingIdentityModule, BillingSecretsModule],
  providers: [
    { provide: APPROVAL_DATABASE, useExisting: BILLING_DATABASE },
    { provide: APPROVAL_IDENTITY, useExisting: IdentityService },
    {
      provide: APPROVAL_SIGNING_SECRET,
      inject: [SecretsService],
      useFactory: (secrets: SecretsService<typeof BILLING_SIGNING_SECRET>): ApprovalSigningSecret => ({ get: () => secrets.get(BILLING_SIGNING_SECRET) }),
    },
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
