import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CliIo, CliUsageError, parseCliOptions, processIo, requireOption, StderrLogger } from '@kobana/host-kit';
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
  'expires-in-days': { type: 'string' },
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
  const days = values['expires-in-days'] === undefined ? undefined : Number(values['expires-in-days']);
  if (days !== undefined && !(Number.isFinite(days) && days > 0)) throw new CliUsageError('--expires-in-days must be a positive number');
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
    expiresInDays: days,
  };
}

/** Opens the CLI's context, logging to stderr so stdout carries only the token. */
export function openBillingCliContext(): Promise<INestApplicationContext> {
  return NestFactory.createApplicationContext(BillingCliModule, { logger: new StderrLogger({ logLevels: ['error', 'warn'] }), abortOnError: false });
}

/** Runs the CLI on `argv` and resolves with the exit code. */
export async function runBillingCli(argv: string[], io: CliIo = processIo, open = openBillingCliContext): Promise<number> {
  if (argv.length === 1 && ['help', '--help', '-h'].includes(argv[0])) {
    io.out(BILLING_CLI_USAGE);
    return BILLING_CLI_EXIT.ok;
  }
  let options: BillingTokenArgs;
  try {
    if (argv.slice(0, 2).join(' ') !== 'token create')
      throw new CliUsageError(argv.length ? `Unknown command "${argv.slice(0, 2).join(' ')}"` : 'No command given');
    options = parseBillingTokenArgs(argv.slice(2));
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    io.err(`${error.message}\n\n${BILLING_CLI_USAGE}`);
    return BILLING_CLI_EXIT.usage;
  }
  const context = await open();
  try {
    const { token, record } = await context.get(IdentityService).createToken(options);
    io.err(
      `Token ${record.id}: organization ${options.organization}, role ${options.role}, audience ${options.audience}; scopes ${record.scopes.join(' ')}; expires ${record.expires_at ?? 'never'}`,
    );
    io.out(token);
    return BILLING_CLI_EXIT.ok;
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    io.err(`Error: ${error.message}`);
    return BILLING_CLI_EXIT.failed;
  } finally {
    await context.close();
  }
}
