/**
 * `@kobana/platform/cli`: a host's `cli.ts`. Apart from the library's main
 * entry point so that `help` answers at once: this file loads the help text
 * and nothing else. A command loads the platform's CLI and the host's core
 * (`HostCoreDescriptor`: prefixes, roles, scopes, migrations), never its
 * descriptor and the modules it imports, and opens only the stores it needs
 * (`HostCliModule`), never the application.
 */
import { answerWithoutCommand, CLI_EXIT, CliIo, processIo } from '@kobana/host-kit/cli';
import type { HostCoreDescriptor } from '../host-descriptor.interface';
import { HostCliDescriptor, hostCliUsage } from './host-cli.messages';

export type { HostCliDescriptor } from './host-cli.messages';
export type { HostCoreDescriptor } from '../host-descriptor.interface';

/**
 * Runs the CLI of the host whose core `load` resolves to on `argv` and resolves with the
 * exit code, as `runHostCli` does. `help`, and no command at all, are answered
 * from `card` (what the help shows of the host) without calling `load`.
 */
export async function runHostCliLazily(
  card: HostCliDescriptor,
  load: () => Promise<HostCoreDescriptor>,
  argv: string[],
  io: CliIo = processIo,
): Promise<number> {
  const answered = answerWithoutCommand(argv, io, hostCliUsage(card));
  if (answered !== undefined) return answered;
  const [{ runHostCli }, host] = await Promise.all([import('./host-cli.command'), load()]);
  return runHostCli(host, argv, io);
}

/**
 * A host's `cli.ts`: {@link runHostCliLazily} on the process's arguments, then
 * exits with its code (1, with the message on stderr, when it throws).
 *
 * @example runHostCliMain(KADU_CLI, async () => (await import('./kadu-core.host')).KADU_CORE);
 */
export function runHostCliMain(card: HostCliDescriptor, load: () => Promise<HostCoreDescriptor>): void {
  runHostCliLazily(card, load, process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(CLI_EXIT.failed);
    },
  );
}
