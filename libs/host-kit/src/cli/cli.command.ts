import type { INestApplicationContext } from '@nestjs/common';
import { CliFailure } from './cli-failure.error';
import { CliHelpRequest } from './cli-help.error';
import { CliUsageError } from './cli-usage.error';
import type { CliIo } from './cli-io.provider';
import { parseTokenListArgs, parseTokenRevokeArgs } from './token-admin-args.parser';
import { runTokenList, runTokenRevoke, TokenAdmin } from './token-admin.command';

/** Exit codes of every host CLI: 0 done, 1 refused or failed, 2 not understood. */
export const CLI_EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** A parsed command, ready to run against the service the CLI drives. */
export type CliCommand<S> = (service: S, io: CliIo) => Promise<unknown>;

/**
 * A host CLI's commands by their two words (`token create`): each parses its
 * own arguments, throwing {@link CliUsageError}, before any database is
 * opened, and returns what to run.
 */
export type CliCommands<S> = Record<string, (args: string[]) => CliCommand<S>>;

/** What a host gives {@link runCliCommands}. */
export interface CliProgram<S> {
  /** The usage text, printed for `help` and after a usage error. */
  usage: string;
  commands: CliCommands<S>;
  /** Opens the host's Nest context (configuration, migrated database), only once the arguments parsed. */
  open(): Promise<INestApplicationContext>;
  /** The service the commands run against, from the opened context. */
  service(context: INestApplicationContext): S;
  /** Errors that are answers (exit 1, `Error: <message>`) rather than faults; {@link CliFailure} always is. */
  isRefusal?(error: unknown): boolean;
}

/**
 * Runs a host CLI on `argv` (without `node` and the script) and resolves with
 * the exit code. Arguments are checked before the database is opened;
 * anything thrown that is neither a usage error nor a refusal is a fault and
 * rejects.
 */
export async function runCliCommands<S>(argv: string[], io: CliIo, program: CliProgram<S>): Promise<number> {
  const answered = answerWithoutCommand(argv, io, program.usage);
  if (answered !== undefined) return answered;
  let command: CliCommand<S>;
  try {
    const name = argv.slice(0, 2).join(' ');
    const parse = program.commands[name];
    if (!parse) throw new CliUsageError(`Unknown command "${name}"`);
    command = parse(argv.slice(2));
  } catch (error) {
    if (error instanceof CliHelpRequest) {
      io.out(program.usage);
      return CLI_EXIT.ok;
    }
    if (!(error instanceof CliUsageError)) throw error;
    io.err(`${error.message}\n\n${program.usage}`);
    return CLI_EXIT.usage;
  }
  const context = await program.open();
  try {
    await command(program.service(context), io);
    return CLI_EXIT.ok;
  } catch (error) {
    if (!(error instanceof CliFailure || program.isRefusal?.(error))) throw error;
    io.err(`Error: ${(error as Error).message}`);
    return CLI_EXIT.failed;
  } finally {
    await context.close();
  }
}

/**
 * `help`, or `--help` / `-h` (`token create --help`), prints the usage on
 * stdout (exit 0); no command at all, the usage on stderr (exit 2): what a
 * CLI answers from its usage text alone, before it loads a command.
 * `undefined` when `argv` names a command to run, or when the only `--help`
 * or `-h` follows an option and may be its value (`client create --name -h`):
 * the command's parser, which knows its options, decides
 * ({@link CliHelpRequest}).
 */
export function answerWithoutCommand(argv: string[], io: CliIo, usage: string): number | undefined {
  const mayBeValue = (i: number) => i > 0 && argv[i - 1].startsWith('--') && !argv[i - 1].includes('=');
  const asksHelp = argv.some((arg, i) => (arg === '--help' || arg === '-h') && !mayBeValue(i));
  if ((argv.length === 1 && argv[0] === 'help') || asksHelp) {
    io.out(usage);
    return CLI_EXIT.ok;
  }
  if (argv.length === 0) {
    io.err(`No command given\n\n${usage}`);
    return CLI_EXIT.usage;
  }
  return undefined;
}

/**
 * Commands written for one service, run against another that holds it: a
 * host whose CLI drives several services (identity, OAuth grants) picks each
 * command's own from one object.
 */
export function adaptCliCommands<S, T>(commands: CliCommands<T>, pick: (service: S) => T): CliCommands<S> {
  return Object.fromEntries(
    Object.entries(commands).map(([name, parse]) => [
      name,
      (args: string[]): CliCommand<S> => {
        const command = parse(args);
        return (service, io) => command(pick(service), io);
      },
    ]),
  );
}

/** The help text of {@link TOKEN_ADMIN_COMMANDS}, for a host's usage (indented as a command list). */
export const TOKEN_ADMIN_USAGE = `  token list --organization <slug> [--email <email>]
      The organization's tokens (or that user's), newest first: id, kind (personal
      token or OAuth grant of a connected app), how the token starts (never its
      secret), user, client, scopes, created, expires, status.

  token revoke --id <token or grant id> [--organization <slug>]
      Revokes the token, or the OAuth grant with every token of it: the next API
      or MCP call with it gets 401.`;

/** `token list` and `token revoke`, the same in every host's CLI. */
export const TOKEN_ADMIN_COMMANDS: CliCommands<TokenAdmin> = {
  'token list': (args) => {
    const options = parseTokenListArgs(args);
    return (admin, io) => runTokenList(admin, options, io);
  },
  'token revoke': (args) => {
    const options = parseTokenRevokeArgs(args);
    return (admin, io) => runTokenRevoke(admin, options, io);
  },
};
