import { CliFailure } from './cli-failure.error';
import type { CliIo } from './cli-io.provider';
import { CLI_MESSAGES } from './cli.messages';
import { renderCliTable } from './cli-table.view';
import type { TokenListArgs, TokenRevokeArgs } from './token-admin-args.parser';

/** A token as `token list` shows it (what `@kobana/identity`'s `ListedToken` holds). */
export interface TokenListRow {
  id: string;
  hint: string;
  user_email: string;
  audience: string;
  client_id: string;
  client_name: string | null;
  scopes: string[];
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  /** When the token last opened a call; absent while the host does not track it. */
  last_used_at?: string | null;
  /** `personal` (an access token minted here) or `oauth` (a grant a person gave a client); absent where only personal tokens exist. */
  kind?: 'personal' | 'oauth';
}

/** What the token commands need of the host's identity service (`IdentityService` has it). */
export interface TokenAdmin {
  listTokens(filter: TokenListArgs): Promise<TokenListRow[]>;
  findToken(id: string): Promise<{ revoked_at: string | null } | null>;
  revokeToken(id: string, options: { organization?: string }): Promise<boolean>;
}

/**
 * `token list`: one line per token on stdout, newest first, under a header;
 * never a secret (none is stored), only how each token starts.
 */
export async function runTokenList(admin: TokenAdmin, args: TokenListArgs, io: CliIo, now = new Date()): Promise<TokenListRow[]> {
  const tokens = await admin.listTokens(args);
  if (tokens.length === 0) {
    io.err(CLI_MESSAGES.noTokens(args.email ? `${args.organization} for ${args.email}` : args.organization));
    return tokens;
  }
  const tracksUse = tokens.some((token) => token.last_used_at !== undefined);
  const kinds = tokens.some((token) => token.kind !== undefined);
  const header = [
    'ID',
    ...(kinds ? ['KIND'] : []),
    'TOKEN',
    'USER',
    'CLIENT',
    'NAME',
    'SCOPES',
    'CREATED',
    'EXPIRES',
    ...(tracksUse ? ['LAST USED'] : []),
    'STATUS',
  ];
  const rows = tokens.map((token) => [
    token.id,
    ...(kinds ? [token.kind ?? 'personal'] : []),
    token.hint,
    token.user_email,
    token.client_id,
    token.client_name ?? '-',
    token.scopes.join(',') || '-',
    token.created_at,
    token.expires_at ?? 'never',
    ...(tracksUse ? [token.last_used_at ?? '-'] : []),
    status(token, now),
  ]);
  for (const line of renderCliTable(header, rows)) io.out(line);
  return tokens;
}

/**
 * `token revoke`: marks the token revoked, so the next API or MCP call with it
 * gets 401. Revoking a revoked token changes nothing and is not an error.
 *
 * @throws CliFailure when no token has that id (in that organization, when given).
 */
export async function runTokenRevoke(admin: TokenAdmin, args: TokenRevokeArgs, io: CliIo): Promise<void> {
  if (await admin.revokeToken(args.id, { organization: args.organization })) {
    io.out(CLI_MESSAGES.tokenRevoked(args.id));
    return;
  }
  const token = await admin.findToken(args.id);
  // Found but not revoked means it belongs to another organization than the one named: as good as absent.
  if (token?.revoked_at) io.out(CLI_MESSAGES.tokenAlreadyRevoked(args.id, token.revoked_at));
  else throw new CliFailure(CLI_MESSAGES.tokenNotFound(args.id, args.organization));
}

function status(token: TokenListRow, now: Date): string {
  if (token.revoked_at) return `revoked ${token.revoked_at}`;
  if (token.expires_at && token.expires_at <= now.toISOString()) return 'expired';
  return 'active';
}
