import { runHostCliProcess } from '@kobana/platform';
import { NOTEBOOK } from './notebook.host';

/** `node dist/cli.js <command>`: the platform's administration commands for the Notebook; `help` lists them. */
runHostCliProcess(NOTEBOOK);
