import { DynamicModule, Module, ModuleMetadata, Provider } from '@nestjs/common';
import { ApprovalKeys } from './approval.keys';
import { ApprovalSessionsService } from './approval-sessions.service';
import { ApprovalsController } from './approvals.controller';
import { DatabaseConfirmationStore } from './database-confirmation.store';
import { SignInController } from './sign-in.controller';

/** What a host hands the approval flow: the modules its providers need, and providers of the three host tokens. */
export interface ApprovalHostOptions {
  imports: NonNullable<ModuleMetadata['imports']>;
  /** Must provide `APPROVAL_DATABASE`, `APPROVAL_IDENTITY` and `APPROVAL_SIGNING_SECRET` (see `approval-host.ts`). */
  providers: Provider[];
}

/**
 * The approval flow of destructive MCP tools (ADDENDUM §7), for any host:
 * the database confirmation store, the keys, the sign-in and approval pages.
 * Kadu and Kobana Billing each register it once with their own identity,
 * database and secret.
 */
@Module({})
export class ApprovalFlowModule {
  /** The flow bound to one host's identity, database and secret. */
  static register(host: ApprovalHostOptions): DynamicModule {
    return {
      module: ApprovalFlowModule,
      imports: host.imports,
      controllers: [SignInController, ApprovalsController],
      providers: [...host.providers, DatabaseConfirmationStore, ApprovalKeys, ApprovalSessionsService],
      exports: [DatabaseConfirmationStore, ApprovalKeys],
    };
  }
}
