import { CreatedToken, CreateTokenOptions, IdentityService, ORGANIZATION_SLUG_PATTERN, SCOPE_PATTERN, TOKEN_AUDIENCES } from '@kobana/identity';
import { KADU_ROLES } from '../identity/kadu-identity.types';
import { CliIo, CliUsageError, parseCliOptions, parseTokenLifetime, requireOption, TOKEN_LIFETIME_OPTIONS } from '@kobana/host-kit';

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
 * Reads `token create`'s options. Everything is checked here, before the
 * database is opened, so a typo costs nothing and exits with 2.
 *
 * @throws CliUsageError
 */
export function parseTokenCreateArgs(args: string[]): TokenCreateArgs {
  const values = parseCliOptions(args, OPTIONS);
  const organization = requireOption(values, 'organization');
  if (!ORGANIZATION_SLUG_PATTERN.test(organization)) {
    throw new CliUsageError(`--organization "${organization}" is not a slug (a-z, 0-9 and inner hyphens)`);
  }
  const role = oneOf('role', requireOption(values, 'role'), KADU_ROLES);
  const audience = values.audience === undefined ? undefined : oneOf('audience', values.audience, TOKEN_AUDIENCES);
  const scopes = values.scopes
    ?.split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  const badScope = scopes?.find((scope) => !SCOPE_PATTERN.test(scope));
  if (badScope !== undefined) throw new CliUsageError(`--scopes: "${badScope}" is not a valid scope`);
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
  const { record } = created;
  io.err(`Organization ${organization.slug} (${organization.id}), user ${user.email} (${user.role})`);
  io.err(
    `Token ${record.id}: audience ${record.audience}; scopes ${record.scopes.join(' ') || '(none)'}; ` +
      `client ${record.client_id}; expires ${record.expires_at ?? 'never (until revoked)'}`,
  );
  io.out(created.token);
  return created;
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) throw new CliUsageError(`--${name} must be one of ${allowed.join(', ')} (got "${value}")`);
  return value as T;
}
