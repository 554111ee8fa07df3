import { runHostCliMain } from '@kobana/platform/cli';
import { BILLING_CLI } from './billing-cli.host';

/**
 * `npm run cli:billing -- <command>`: the platform's CLI for Billing; `help` lists the commands. Billing's descriptor,
 * and with it the platform and every module, loads only once a command is to run.
 */
runHostCliMain(BILLING_CLI, async () => (await import('./billing.host')).BILLING);
