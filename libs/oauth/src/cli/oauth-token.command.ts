import type { TokenAdmin, TokenListArgs, TokenListRow } from '@kobana/host-kit';
import type { ConnectedApp } from '../grants/connected-app.interface';
import type { ConnectedAppsService } from '../grants/connected-apps.service';
import { OAUTH_CLI_MESSAGES } from './oauth-cli.messages';

/** A personal token's id: a UUID. Anything else `token revoke` is given is a grant id. */
const PERSONAL_TOKEN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The error a host's CLI reports as a refusal (exit 1) when the organization named is unknown. */
export class OAuthCliRefusal extends Error {}

/**
 * `token list` and `token revoke` over both kinds of credential a person can
 * have: the host's personal access tokens (`personal`) and the OAuth grants
 * of the apps they connected (`oauth`, one row per grant: revoking it ends
 * every token of it).
 */
export class OAuthTokenAdmin implements TokenAdmin {
  constructor(
    private readonly personal: TokenAdmin,
    private readonly apps: ConnectedAppsService,
  ) {}

  async listTokens(filter: TokenListArgs): Promise<TokenListRow[]> {
    // First: it refuses an unknown organization or e-mail with the host's own message.
    const tokens = (await this.personal.listTokens(filter)).map((token): TokenListRow => ({ ...token, kind: 'personal' }));
    const organizationId = await this.apps.organizationId(filter.organization);
    if (organizationId === undefined) throw new OAuthCliRefusal(OAUTH_CLI_MESSAGES.noOrganization(filter.organization));
    const grants = (await this.apps.listForOrganization(organizationId, { email: filter.email })).map(grantRow);
    // Newest first across both kinds; ties keep personal tokens first.
    return [...tokens, ...grants].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  }

  findToken(id: string): Promise<{ revoked_at: string | null } | null> {
    // A revoked grant is deleted, so only a personal token can be "already revoked".
    return PERSONAL_TOKEN_ID.test(id) ? this.personal.findToken(id) : Promise.resolve(null);
  }

  async revokeToken(id: string, options: { organization?: string }): Promise<boolean> {
    if (PERSONAL_TOKEN_ID.test(id)) return this.personal.revokeToken(id, options);
    if (options.organization === undefined) return this.apps.revoke(id);
    const organizationId = await this.apps.organizationId(options.organization);
    return organizationId !== undefined && this.apps.revoke(id, { organizationId });
  }
}

function grantRow(app: ConnectedApp): TokenListRow {
  return {
    id: app.id,
    kind: 'oauth',
    // No token to hint at: a grant stands for every token issued under it.
    hint: 'oauth grant',
    user_email: app.email,
    audience: 'mcp',
    client_id: app.clientId,
    client_name: app.clientName,
    scopes: app.scopes,
    created_at: app.authorizedAt,
    expires_at: app.expiresAt,
    revoked_at: null,
    last_used_at: app.lastUsedAt,
  };
}
