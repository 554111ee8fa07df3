import { Module } from '@nestjs/common';
import { APPROVAL_DATABASE, APPROVAL_IDENTITY, APPROVAL_SIGNING_SECRET, ApprovalFlowModule, ApprovalSigningSecret } from '@kobana/approvals';
import { SecretsService } from '@kobana/host-kit';
import { IdentityService } from '@kobana/identity';
import { BILLING_DATABASE } from '../database/billing-database.constants';
import { BillingDatabaseModule } from '../database/billing-database.module';
import { BillingIdentityModule } from '../identity/billing-identity.module';
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
  // Its own name: browsers share cookies across the ports of one host name, and a host must not read the other's.
  settings: { sessionCookie: 'kbill_session' },
});

/**
 * Confirmation of destructive MCP tools, Billing's side (docs/protocol.md §7): the
 * approval library's flow (store, `/sign-in`, `/approvals/:id`) bound to
 * Billing's database, users and persisted signing secret.
 */
@Module({
  imports: [BILLING_APPROVAL_FLOW],
  exports: [BILLING_APPROVAL_FLOW],
})
export class BillingApprovalsModule {}
