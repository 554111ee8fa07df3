import { runHostCliMain } from '@kobana/platform/cli';
import { KADU_CLI } from './kadu-cli.host';

/**
 * `npm run cli -- <command>`: administration without the HTTP server (mint a token, reset a password); `help` lists the
 * commands. Kadu's descriptor, and with it the platform and every module, loads only once a command is to run.
 */
runHostCliMain(KADU_CLI, async () => (await import('./kadu.host')).KADU);
