import { parseCliOptions, requireOption } from './cli-args.parser';
import { CliUsageError } from './cli-usage.error';
import { CLI_MESSAGES } from './cli.messages';

// Same rule as @kobana/identity's ORGANIZATION_SLUG_PATTERN, repeated so the CLI plumbing needs no identity.
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOKEN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What `token list` needs: an organization, and optionally one of its users. */
export interface TokenListArgs {
  organization: string;
  email?: string;
}

/** What `token revoke` needs: the token's id, and optionally the organization it must belong to. */
export interface TokenRevokeArgs {
  id: string;
  organization?: string;
}

/** Reads `token list --organization <slug> [--email <email>]`. @throws CliUsageError */
export function parseTokenListArgs(args: string[]): TokenListArgs {
  const values = parseCliOptions(args, { organization: { type: 'string' }, email: { type: 'string' } });
  const organization = slug(requireOption(values, 'organization'));
  const email = values.email === undefined ? undefined : requireOption(values, 'email');
  return { organization, email };
}

/** Reads `token revoke --id <token id> [--organization <slug>]`. @throws CliUsageError */
export function parseTokenRevokeArgs(args: string[]): TokenRevokeArgs {
  const values = parseCliOptions(args, { id: { type: 'string' }, organization: { type: 'string' } });
  const id = requireOption(values, 'id').toLowerCase();
  if (!TOKEN_ID.test(id)) throw new CliUsageError(CLI_MESSAGES.notATokenId(values.id!));
  return { id, organization: values.organization === undefined ? undefined : slug(requireOption(values, 'organization')) };
}

function slug(value: string): string {
  if (!SLUG.test(value)) throw new CliUsageError(CLI_MESSAGES.notASlug(value));
  return value;
}
