import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  CliFailure,
  CliIo,
  CliUsageError,
  parseCliOptions,
  parseTokenLifetime,
  parseTokenListArgs,
  parseTokenRevokeArgs,
  processIo,
  requireOption,
  runTokenList,
  runTokenRevoke,
  StderrLogger,
  TOKEN_LIFETIME_OPTIONS,
} from '@kobana/host-kit';
import { CreateTokenOptions, IdentityError, IdentityService, ORGANIZATION_SLUG_PATTERN, TOKEN_AUDIENCES, TokenAudience } from '@kobana/identity';
import { BILLING_ROLES, BillingRole } from '../identity/billing-roles';
import { BillingCliModule } from './billing-cli.module';
import { BILLING_CLI_USAGE } from './billing-cli.usage';

/** Exit codes, as Kadu's CLI: 0 done, 1 refused or failed, 2 not understood. */
export const BILLING_CLI_EXIT = { ok: 0, failed: 1, usage: 2 } as const;

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

/** A parsed command, ready to run against the identity service. */
type BillingCliCommand = (identity: IdentityService, io: CliIo) => Promise<unknown>;

/** Each command parses its own options (before any database is opened) and returns what to run. */
const COMMANDS: Record<string, (args: string[]) => BillingCliCommand> = {
  'token create': (args) => {
    const options = parseBillingTokenArgs(args);
    return (identity, io) => runBillingTokenCreate(identity, options, io);
  },
  'token list': (args) => {
    const options = parseTokenListArgs(args);
    return (identity, io) => runTokenList(identity, options, io);
  },
  'token revoke': (args) => {
    const options = parseTokenRevokeArgs(args);
    return (identity, io) => runTokenRevoke(identity, options, io);
  },
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
export async function runBillingCli(argv: string[], io: CliIo = processIo, open = openBillingCliContext): Promise<number> {
  if (argv.length === 1 && ['help', '--help', '-h'].includes(argv[0])) {
    io.out(BILLING_CLI_USAGE);
    return BILLING_CLI_EXIT.ok;
  }
  let command: BillingCliCommand;
  try {
    const parse = COMMANDS[argv.slice(0, 2).join(' ')];
    if (!parse) throw new CliUsageError(argv.length ? `Unknown command "${argv.slice(0, 2).join(' ')}"` : 'No command given');
    command = parse(argv.slice(2));
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    io.err(`${error.message}\n\n${BILLING_CLI_USAGE}`);
    return BILLING_CLI_EXIT.usage;
  }
  const context = await open();
  try {
    await command(context.get(IdentityService), io);
    return BILLING_CLI_EXIT.ok;
  } catch (error) {
    if (!(error instanceof IdentityError || error instanceof CliFailure)) throw error;
    io.err(`Error: ${error.message}`);
    return BILLING_CLI_EXIT.failed;
  } finally {
    await context.close();
  }
}
