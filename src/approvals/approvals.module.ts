import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module';
import { IdentityModule } from '../identity/identity.module';
import { SecretsModule } from '../secrets/secrets.module';
import { ApprovalKeys } from './approval.keys';
import { ApprovalSessionsService } from './approval-sessions.service';
import { ApprovalsController } from './approvals.controller';
import { KaduConfirmationStore } from './kadu-confirmation.store';
import { SignInController } from './sign-in.controller';

/**
 * Confirmation of destructive MCP tools, Kadu's side (ADDENDUM §7): the
 * database store the module uses, the approval page and its sign-in.
 */
@Module({
  imports: [DatabaseModule, SecretsModule, IdentityModule],
  controllers: [SignInController, ApprovalsController],
  providers: [KaduConfirmationStore, ApprovalKeys, ApprovalSessionsService],
  exports: [KaduConfirmationStore, ApprovalKeys],
})
export class ApprovalsModule {}
