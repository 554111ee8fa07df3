import { runBillingCli } from './cli/billing-cli.runner';

/** `npm run cli:billing -- …`: see `BILLING_CLI_USAGE`. */
runBillingCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
