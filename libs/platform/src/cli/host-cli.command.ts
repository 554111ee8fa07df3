import { DynamicModule, INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { IdentityError, IdentityModule, IdentityService } from '@kobana/identity';
import { CLI_EXIT, CliCommands, CliIo, processIo, runCliCommands, StderrLogger } from '@kobana/host-kit';
import {
  CONNECTED_APPS_DATABASE,
  ConnectedAppsModule,
  ConnectedAppsService,
  OAUTH_ADMIN_COMMANDS,
  OAuthCliRefusal,
  OAuthCliServices,
  oauthCliServices,
  PASSWORD_RESET_COMMANDS,
} from '@kobana/oauth';
import { HostConfigModule } from '../config/host-config.module';
import { hostIdentityOptions } from '../config/host-identity.options';
import { HostDatabaseModule } from '../database/host-database.module';
import { HOST_DATABASE } from '../host.constants';
import type { HostCoreDescriptor } from '../host-descriptor.interface';
import { hostCliUsage } from './host-cli.messages';
import { parseTokenCreateArgs, runTokenCreate } from './token-create.command';

/** What the CLI opens: configuration, the (migrated) database, identity and the OAuth grants and clients. No HTTP, no MCP. */
@Module({})
export class HostCliModule {
  static forHost(host: HostCoreDescriptor): DynamicModule {
    return {
      module: HostCliModule,
      imports: [
        HostConfigModule.forHost(host),
        HostDatabaseModule.forHost(host),
        IdentityModule.register({ imports: [], database: HOST_DATABASE, options: hostIdentityOptions(host) }),
        // Not through `HostFlowsModule`, whose file brings the approval flow, the audit trail and the MCP options.
        ConnectedAppsModule.forCli({ imports: [], providers: [{ provide: CONNECTED_APPS_DATABASE, useExisting: HOST_DATABASE }] }),
      ],
    };
  }
}

/** Opens the CLI's Nest context of `host`, logging to stderr so stdout carries only what a command answers. */
export function openHostCliContext(host: HostCoreDescriptor): Promise<INestApplicationContext> {
  return NestFactory.createApplicationContext(HostCliModule.forHost(host), { logger: new StderrLogger({ logLevels: ['error', 'warn'] }), abortOnError: false });
}

/**
 * Every host's commands (`token create|list|revoke`, `client create|list|delete`),
 * `password reset` where the people are identity's (a host's own people keep
 * their passwords where the application does, and a record's password is
 * never checked), then the host's own.
 */
function hostCliCommands(host: HostCoreDescriptor): CliCommands<OAuthCliServices<IdentityService>> {
  return {
    'token create': (args) => {
      const options = parseTokenCreateArgs(args, host.roles);
      return ({ identity }, io) => runTokenCreate(identity, options, io);
    },
    ...OAUTH_ADMIN_COMMANDS,
    ...(host.people ? {} : PASSWORD_RESET_COMMANDS),
    ...host.cli.commands,
  };
}

/**
 * Runs the CLI of `host` on `argv` (without `node` and the script) and
 * resolves with the exit code ({@link CLI_EXIT}: 0 done, 1 refused or
 * failed, 2 not understood). Arguments are checked before the database is opened.
 */
export function runHostCli(
  host: HostCoreDescriptor,
  argv: string[],
  io: CliIo = processIo,
  open: () => Promise<INestApplicationContext> = () => openHostCliContext(host),
): Promise<number> {
  return runCliCommands(argv, io, {
    usage: hostCliUsage(host),
    commands: hostCliCommands(host),
    open,
    service: (context) =>
      oauthCliServices(
        context.get(IdentityService),
        context.get(ConnectedAppsService),
        host.scopes.map((entry) => entry.scope),
      ),
    isRefusal: (error) => error instanceof IdentityError || error instanceof OAuthCliRefusal,
  });
}

/** A host's `cli.ts`: runs {@link runHostCli} on the process's arguments and exits with its code. */
export function runHostCliProcess(host: HostCoreDescriptor): void {
  runHostCli(host, process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}

export { CLI_EXIT };
