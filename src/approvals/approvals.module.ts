import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module';
import { KADU_DATABASE } from '../database/kadu-database.constants';
import { KaduIdentityModule } from '../identity/kadu-identity.module';
import { IdentityService } from '@kobana/identity';
import { SecretsService } from '@kobana/host-kit';
import { KaduSecretsModule } from '../secrets/kadu-secrets.module';
import { KaduSecretName } from '../secrets/secrets.constants';
import { APPROVAL_DATABASE, APPROVAL_IDENTITY, APPROVAL_SIGNING_SECRET, ApprovalFlowModule, ApprovalSigningSecret } from '@kobana/approvals';

const KADU_APPROVAL_FLOW = ApprovalFlowModule.register({
  imports: [DatabaseModule, KaduSecretsModule, KaduIdentityModule],
  providers: [
    { provide: APPROVAL_DATABASE, useExisting: KADU_DATABASE },
    { provide: APPROVAL_IDENTITY, useExisting: IdentityService },
    {
      provide: APPROVAL_SIGNING_SECRET,
      inject: [SecretsService],
      useFactory: (secrets: SecretsService<KaduSecretName>): ApprovalSigningSecret => ({ get: () => secrets.get('KADU_SIGNING_SECRET') }),
    },
  ],
  // Its own name: browsers share cookies across the ports of one host name, and a host must not read the other's.
  settings: { sessionCookie: 'kadu_session' },
});

/**
 * Confirmation of destructive MCP tools, Kadu's side (docs/protocol.md §7): the
 * approval flow bound to Kadu's database, users and `KADU_SIGNING_SECRET`.
 */
@Module({
  imports: [KADU_APPROVAL_FLOW],
  exports: [KADU_APPROVAL_FLOW],
})
export class ApprovalsModule {}
