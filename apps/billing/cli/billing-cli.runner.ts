import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  CLI_EXIT,
  CliCommands,
  CliIo,
  CliUsageError,
  parseCliOptions,
  parseTokenLifetime,
  processIo,
  requireOption,
  runCliCommands,
  StderrLogger,
  TOKEN_LIFETIME_OPTIONS,
} from '@kobana/host-kit';
import { CreateTokenOptions, IdentityError, IdentityService, ORGANIZATION_SLUG_PATTERN, TOKEN_AUDIENCES, TokenAudience } from '@kobana/identity';
import { ConnectedAppsService, OAUTH_ADMIN_COMMANDS, OAuthCliRefusal, OAuthCliServices, oauthCliServices, PASSWORD_RESET_COMMANDS } from '@kobana/oauth';
import { BILLING_ROLES, BillingRole } from '../identity/billing-roles';
import { BILLING_OAUTH_SCOPES } from '../oauth/billing-oauth.messages';
import { BillingCliModule } from './billing-cli.module';
import { BILLING_CLI_USAGE } from './billing-cli.usage';

/** Exit codes, as every host CLI's: 0 done, 1 refused or failed, 2 not understood. */
export const BILLING_CLI_EXIT = CLI_EXIT;

const OPTIONS = {
  organization: { type: 'string' },
  role: { type: 'string' },
  audience: { type: 'string' },
  scopes: { type: 'string' },
  'client-id': { type: 'string' },
  'client-name': { type: 'string' },
  ...TOKEN_LIFETIME_OPTIONS,
} as const;

/** `token create`'s options: those of `IdentityService.createToken`, the organization by slug. */
export type BillingTokenArgs = CreateTokenOptions & { organization: string; role: BillingRole };

/** Reads `token create`'s options, before any database is opened. @throws CliUsageError */
export function parseBillingTokenArgs(args: string[]): BillingTokenArgs {
  const values = parseCliOptions(args, OPTIONS);
  const organization = requireOption(values, 'organization');
  if (!ORGANIZATION_SLUG_PATTERN.test(organization)) throw new CliUsageError(`--organization "${organization}" is not a slug`);
  const role = requireOption(values, 'role') as BillingRole;
  if (!BILLING_ROLES.includes(role)) throw new CliUsageError(`--role must be one of ${BILLING_ROLES.join(', ')} (got "${role}")`);
  const audience = (values.audience ?? 'mcp') as TokenAudience;
  if (!TOKEN_AUDIENCES.includes(audience)) throw new CliUsageError(`--audience must be mcp or api (got "${audience}")`);
  return {
    organization,
    role,
    audience,
    scopes: values.scopes
      ?.split(',')
      .map((scope) => scope.trim())
      .filter(Boolean),
    clientId: values['client-id'],
    clientName: values['client-name'],
    expiresInDays: parseTokenLifetime(values),
  };
}

/** Opens the CLI's context, logging to stderr so stdout carries only the token. */
export function openBillingCliContext(): Promise<INestApplicationContext> {
  return NestFactory.createApplicationContext(BillingCliModule, { logger: new StderrLogger({ logLevels: ['error', 'warn'] }), abortOnError: false });
}

/** Each command parses its own options (before any database is opened) and returns what to run. */
const COMMANDS: CliCommands<OAuthCliServices<IdentityService>> = {
  'token create': (args) => {
    const options = parseBillingTokenArgs(args);
    return ({ identity }, io) => runBillingTokenCreate(identity, options, io);
  },
  ...OAUTH_ADMIN_COMMANDS,
  ...PASSWORD_RESET_COMMANDS,
};

/** Mints the token: what was done goes to `io.err`, the token alone to `io.out`, last. */
async function runBillingTokenCreate(identity: IdentityService, options: BillingTokenArgs, io: CliIo): Promise<void> {
  const { token, record } = await identity.createToken(options);
  io.err(
    `Token ${record.id}: organization ${options.organization}, role ${options.role}, audience ${options.audience}; scopes ${record.scopes.join(' ')}; ` +
      `client ${record.client_id}; expires ${record.expires_at ?? 'never (until revoked)'}`,
  );
  io.out(token);
}

/** Runs the CLI on `argv` and resolves with the exit code. */
export function runBillingCli(argv: string[], io: CliIo = processIo, open = openBillingCliContext): Promise<number> {
  return runCliCommands(argv, io, {
    usage: BILLING_CLI_USAGE,
    commands: COMMANDS,
    open,
    service: (context) =>
      oauthCliServices(
        context.get(IdentityService),
        context.get(ConnectedAppsService),
        BILLING_OAUTH_SCOPES.map((entry) => entry.scope),
      ),
    isRefusal: (error) => error instanceof IdentityError || error instanceof OAuthCliRefusal,
  });
}
