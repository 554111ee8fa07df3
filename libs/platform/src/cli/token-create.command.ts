import { CreatedToken, CreateTokenOptions, IdentityService, ORGANIZATION_SLUG_PATTERN, SCOPE_PATTERN, TOKEN_AUDIENCES } from '@kobana/identity';
import { CliIo, CliUsageError, parseCliOptions, parseTokenLifetime, requireOption, TOKEN_LIFETIME_OPTIONS } from '@kobana/host-kit';
import { HostMessages } from '../host.messages';

const OPTIONS = {
  organization: { type: 'string' },
  role: { type: 'string' },
  scopes: { type: 'string' },
  audience: { type: 'string' },
  'client-id': { type: 'string' },
  'client-name': { type: 'string' },
  ...TOKEN_LIFETIME_OPTIONS,
} as const;

/** `token create`'s options: those of `IdentityService.createToken`, the organization by slug. */
export type TokenCreateArgs = Omit<CreateTokenOptions, 'organization'> & { organization: string };

/**
 * Reads `token create`'s options against the host's `roles`. Everything is
 * checked here, before the database is opened, so a typo costs nothing and
 * exits with 2.
 *
 * @throws CliUsageError
 */
export function parseTokenCreateArgs(args: string[], roles: readonly string[]): TokenCreateArgs {
  const values = parseCliOptions(args, OPTIONS);
  const organization = requireOption(values, 'organization');
  if (!ORGANIZATION_SLUG_PATTERN.test(organization)) throw new CliUsageError(HostMessages.notASlug(organization));
  const role = oneOf('role', requireOption(values, 'role'), roles);
  const audience = values.audience === undefined ? undefined : oneOf('audience', values.audience, TOKEN_AUDIENCES);
  const scopes = values.scopes
    ?.split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  const badScope = scopes?.find((scope) => !SCOPE_PATTERN.test(scope));
  if (badScope !== undefined) throw new CliUsageError(HostMessages.badScope(badScope));
  return {
    organization,
    role,
    audience,
    scopes,
    clientId: values['client-id'],
    clientName: values['client-name'],
    expiresInDays: parseTokenLifetime(values),
  };
}

/**
 * Creates the organization and user when missing and mints the token: what
 * was done goes to `io.err`, the token alone to `io.out`, last.
 */
export async function runTokenCreate(identity: IdentityService, options: TokenCreateArgs, io: CliIo): Promise<CreatedToken> {
  const organization = await identity.ensureOrganization(options.organization);
  const user = await identity.ensureUser(organization, options.role);
  const created = await identity.createToken({ ...options, organization, email: user.email });
  io.err(HostMessages.tokenCreatedFor(organization, user));
  io.err(HostMessages.tokenCreated(created.record));
  io.out(created.token);
  return created;
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) throw new CliUsageError(HostMessages.notOneOf(name, value, allowed));
  return value as T;
}
