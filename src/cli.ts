import { runCli } from './cli/cli.runner';

/**
 * `npm run cli -- <command>`: administration without the HTTP server (mint a
 * token, reset a password). See `CLI_USAGE`, or run it with `--help`.
 */
runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
