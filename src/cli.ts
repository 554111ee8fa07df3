import { runHostCliMain } from '@kobana/platform/cli';
import { KADU_CLI } from './kadu-cli.host';

/**
 * `npm run cli -- <command>`: administration without the HTTP server (mint a token, reset a password); `help` lists the
 * commands. A command loads Kadu's core (prefixes, roles, migrations) and the platform's CLI, never the descriptor and
 * with it Kadu's API, tools and workers.
 */
runHostCliMain(KADU_CLI, async () => (await import('./kadu-core.host')).KADU_CORE);
