import { runHostCliMain } from '@kobana/platform/cli';
import { BILLING_CLI } from './billing-cli.host';

/**
 * `npm run cli:billing -- <command>`: the platform's CLI for Billing; `help` lists the commands. A command loads
 * Billing's core (prefixes, roles, migrations) and the platform's CLI, never the descriptor and with it Billing's
 * API and tools.
 */
runHostCliMain(BILLING_CLI, async () => (await import('./billing-core.host')).BILLING_CORE);
