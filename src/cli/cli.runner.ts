import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { IdentityError, IdentityService } from '@kobana/identity';
import { CLI_EXIT as HOST_CLI_EXIT, CliCommands, CliIo, processIo, runCliCommands, StderrLogger } from '@kobana/host-kit';
import { ConnectedAppsService, OAUTH_ADMIN_COMMANDS, OAuthCliRefusal, OAuthCliServices, oauthCliServices, PASSWORD_RESET_COMMANDS } from '@kobana/oauth';
import { KADU_OAUTH_SCOPES } from '../oauth/kadu-oauth.messages';
import { KaduCliModule } from './cli.module';
import { CLI_USAGE } from './cli.usage';
import { parseTokenCreateArgs, runTokenCreate } from './token-create.command';

/** Each command parses its own options and returns what to run. */
const COMMANDS: CliCommands<OAuthCliServices<IdentityService>> = {
  'token create': (args) => {
    const options = parseTokenCreateArgs(args);
    return ({ identity }, io) => runTokenCreate(identity, options, io);
  },
  ...OAUTH_ADMIN_COMMANDS,
  ...PASSWORD_RESET_COMMANDS,
};

/** Exit codes: 0 done, 1 refused or failed, 2 not understood. */
export const CLI_EXIT = HOST_CLI_EXIT;

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
export function runCli(argv: string[], io: CliIo = processIo, openContext: () => Promise<INestApplicationContext> = openCliContext): Promise<number> {
  return runCliCommands(argv, io, {
    usage: CLI_USAGE,
    commands: COMMANDS,
    open: openContext,
    service: (context) =>
      oauthCliServices(
        context.get(IdentityService),
        context.get(ConnectedAppsService),
        KADU_OAUTH_SCOPES.map((entry) => entry.scope),
      ),
    isRefusal: (error) => error instanceof IdentityError || error instanceof OAuthCliRefusal,
  });
}
