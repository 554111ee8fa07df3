import { runHostCliProcess } from '@kobana/platform';
import { KADU } from './kadu.host';

/** `npm run cli -- <command>`: administration without the HTTP server (mint a token, reset a password); `help` lists the commands. */
runHostCliProcess(KADU);
