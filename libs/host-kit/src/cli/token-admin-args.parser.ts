import { parseCliOptions, requireOption } from './cli-args.parser';
import { CliUsageError } from './cli-usage.error';
import { CLI_MESSAGES } from './cli.messages';

// Same rule as @kobana/identity's ORGANIZATION_SLUG_PATTERN, repeated so the CLI plumbing needs no identity.
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOKEN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An OAuth grant's id as the authorization server makes them (URL-safe, nanoid-like), which `token list` shows beside the tokens. */
const GRANT_ID = /^[A-Za-z0-9_-]{16,128}$/;

/** What `token list` needs: an organization, and optionally one of its users. */
export interface TokenListArgs {
  organization: string;
  email?: string;
}

/** What `token revoke` needs: the token's (or OAuth grant's) id, and optionally the organization it must belong to. */
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

/** Reads `token revoke --id <token or grant id> [--organization <slug>]`. @throws CliUsageError */
export function parseTokenRevokeArgs(args: string[]): TokenRevokeArgs {
  const values = parseCliOptions(args, { id: { type: 'string' }, organization: { type: 'string' } });
  const given = requireOption(values, 'id');
  // A token id is a UUID, compared in lower case; anything else must be a grant id, which is case-sensitive.
  const id = TOKEN_ID.test(given) ? given.toLowerCase() : given;
  if (!TOKEN_ID.test(id) && !GRANT_ID.test(id)) throw new CliUsageError(CLI_MESSAGES.notATokenId(values.id!));
  return { id, organization: values.organization === undefined ? undefined : slug(requireOption(values, 'organization')) };
}

function slug(value: string): string {
  if (!SLUG.test(value)) throw new CliUsageError(CLI_MESSAGES.notASlug(value));
  return value;
}
