import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { IdentityError, IdentityService } from '@kobana/identity';
import {
  CliFailure,
  CliIo,
  CliUsageError,
  parseTokenListArgs,
  parseTokenRevokeArgs,
  processIo,
  runTokenList,
  runTokenRevoke,
  StderrLogger,
} from '@kobana/host-kit';
import { KaduCliModule } from './cli.module';
import { CLI_USAGE } from './cli.usage';
import { parsePasswordResetArgs, runPasswordReset } from './password-reset.command';
import { parseTokenCreateArgs, runTokenCreate } from './token-create.command';

/** A parsed command, ready to run against the identity service. */
type CliCommand = (identity: IdentityService, io: CliIo) => Promise<unknown>;

/** Each command parses its own options and returns what to run. */
const COMMANDS: Record<string, (args: string[]) => CliCommand> = {
  'token create': (args) => {
    const options = parseTokenCreateArgs(args);
    return (identity, io) => runTokenCreate(identity, options, io);
  },
  'token list': (args) => {
    const options = parseTokenListArgs(args);
    return (identity, io) => runTokenList(identity, options, io);
  },
  'token revoke': (args) => {
    const options = parseTokenRevokeArgs(args);
    return (identity, io) => runTokenRevoke(identity, options, io);
  },
  'password reset': (args) => {
    const options = parsePasswordResetArgs(args);
    return (identity, io) => runPasswordReset(identity, options, io);
  },
};

/** Exit codes: 0 done, 1 refused or failed, 2 not understood. */
export const CLI_EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** Opens the CLI's Nest context (configuration, migrated database, identity), logging to stderr. */
export function openCliContext(): Promise<INestApplicationContext> {
  return NestFactory.createApplicationContext(KaduCliModule, {
    logger: new StderrLogger({ logLevels: ['error', 'warn'] }),
    abortOnError: false,
  });
}

/**
 * Runs the CLI on `argv` (without `node` and the script) and resolves with
 * the exit code. Arguments are checked before the database is opened.
 */
export async function runCli(argv: string[], io: CliIo = processIo, openContext: () => Promise<INestApplicationContext> = openCliContext): Promise<number> {
  if (argv.length === 1 && ['help', '--help', '-h'].includes(argv[0])) {
    io.out(CLI_USAGE);
    return CLI_EXIT.ok;
  }
  let command: CliCommand;
  try {
    const parse = COMMANDS[argv.slice(0, 2).join(' ')];
    if (!parse) throw new CliUsageError(argv.length ? `Unknown command "${argv.slice(0, 2).join(' ')}"` : 'No command given');
    command = parse(argv.slice(2));
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    io.err(`${error.message}\n\n${CLI_USAGE}`);
    return CLI_EXIT.usage;
  }

  const context = await openContext();
  try {
    await command(context.get(IdentityService), io);
    return CLI_EXIT.ok;
  } catch (error) {
    if (!(error instanceof IdentityError || error instanceof CliFailure)) throw error;
    io.err(`Error: ${error.message}`);
    return CLI_EXIT.failed;
  } finally {
    await context.close();
  }
}
