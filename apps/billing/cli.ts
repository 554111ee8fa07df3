import { runHostCliProcess } from '@kobana/platform';
import { BILLING } from './billing.host';

/** `npm run cli:billing -- <command>`: the platform's CLI for Billing; `help` lists the commands. */
runHostCliProcess(BILLING);
