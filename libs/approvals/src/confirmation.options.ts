import type { McpModuleOptions } from '@kobana/mcp';
import { ApprovalKeys } from './approval-keys.factory';
import { DatabaseConfirmationStore } from './database-confirmation.store';

/**
 * The `McpModule` options of a host's confirmations: the database store, and a
 * signing key derived from the shared secret (read at use, since secrets load
 * after the module's options are built). The approval URL is the module's
 * default, `<PUBLIC_URL>/approvals/<id>`, which {@link ApprovalsController} serves.
 */
export function confirmationOptions(store: DatabaseConfirmationStore, keys: ApprovalKeys): Pick<McpModuleOptions, 'confirmationStore' | 'confirmationSecret'> {
  return { confirmationStore: store, confirmationSecret: () => keys.confirmationKey() };
}
