import { DynamicModule, Module, ModuleMetadata, Provider } from '@nestjs/common';
import { APPROVAL_FLOW_SETTINGS, ApprovalFlowSettings, DEFAULT_APPROVAL_FLOW_SETTINGS } from './approval-flow.options';
import { ApprovalKeys } from './approval-keys.factory';
import { ApprovalsPruner } from './approvals-pruner.worker';
import { PagePostPolicy } from './page-post.policy';
import { PasswordCheckGate } from './password-check-gate.service';
import { SignInThrottle } from './sign-in-throttle.service';
import { SignOutController } from './sign-out.controller';
import { ApprovalSessionsService } from './approval-sessions.service';
import { ApprovalsController } from './approvals.controller';
import { DatabaseConfirmationStore } from './database-confirmation.store';
import { SignInController } from './sign-in.controller';

/**
 * What a host hands the approval flow: the modules its providers need, and providers of the host tokens.
 * `People` and `PersonRecords` (`@kobana/people`) must be injectable too: from `imports`, `providers` or a global module.
 */
export interface ApprovalHostOptions {
  imports: NonNullable<ModuleMetadata['imports']>;
  /** Must provide `APPROVAL_DATABASE` and `APPROVAL_SIGNING_SECRET` (see `approval-host.table.ts`). */
  providers: Provider[];
  /** The session cookie's name (required: one per host) and any setting to change from its default. */
  settings: Pick<ApprovalFlowSettings, 'sessionCookie'> & Partial<ApprovalFlowSettings>;
}

/**
 * The approval flow of destructive MCP tools (docs/protocol.md §7), for any host:
 * the database confirmation store, the keys, the sign-in, sign-out and
 * approval pages, and the sweep that prunes what expired.
 * Kadu and Kobana Billing each register it once with their own people,
 * database and secret.
 */
@Module({})
export class ApprovalFlowModule {
  /** The flow bound to one host's people, database and secret. */
  static register(host: ApprovalHostOptions): DynamicModule {
    return {
      module: ApprovalFlowModule,
      imports: host.imports,
      controllers: [SignInController, SignOutController, ApprovalsController],
      providers: [
        ...host.providers,
        { provide: APPROVAL_FLOW_SETTINGS, useValue: { ...DEFAULT_APPROVAL_FLOW_SETTINGS, ...host.settings } satisfies ApprovalFlowSettings },
        {
          provide: PasswordCheckGate,
          inject: [APPROVAL_FLOW_SETTINGS],
          useFactory: (settings: ApprovalFlowSettings) =>
            new PasswordCheckGate(settings.passwordCheckConcurrency, {
              queueLimit: settings.passwordCheckQueue,
              perKeyLimit: settings.passwordCheckQueuePerAddress,
              maxWaitMs: settings.passwordCheckMaxWaitMs,
            }),
        },
        DatabaseConfirmationStore,
        ApprovalKeys,
        ApprovalSessionsService,
        SignInThrottle,
        PagePostPolicy,
        ApprovalsPruner,
      ],
      // The sessions and the POST policy also serve the OAuth consent page, which signs people in here, the connected-apps page and the audit page.
      exports: [DatabaseConfirmationStore, ApprovalKeys, ApprovalSessionsService, PagePostPolicy],
    };
  }
}
