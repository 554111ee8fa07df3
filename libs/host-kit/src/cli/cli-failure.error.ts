/** The command was understood but cannot be done (nothing to act on); the CLI prints the message and exits with 1. */
export class CliFailure extends Error {
  override readonly name = 'CliFailure';
}
