/** The command line cannot be understood; the CLI prints the message with the usage and exits with 2. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}
