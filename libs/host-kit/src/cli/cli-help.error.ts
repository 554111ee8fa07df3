/**
 * `--help` or `-h` among a command's options, found by its parser: the CLI
 * prints the usage on stdout and exits with 0, having opened nothing.
 */
export class CliHelpRequest extends Error {
  override readonly name = 'CliHelpRequest';

  constructor() {
    super('Help was asked for');
  }
}
