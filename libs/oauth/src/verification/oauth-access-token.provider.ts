import { Inject, Injectable } from '@nestjs/common';
import type { McpCaller, McpTokenVerifier } from '@kobana/mcp';
import type { Kysely } from 'kysely';
import { OAUTH_DATABASE, OAuthHostDatabase } from '../oauth-host.table';
import { hashRecordId } from '../records/oauth-records.store';
import { OAUTH_SERVER_SETTINGS, ResolvedOAuthServerSettings } from '../oauth-server.options';

/** Longer than any access token the provider issues (43 characters); longer input is not looked up. */
const MAX_TOKEN_LENGTH = 256;

/** The fields of a stored access token the verifier reads. */
interface AccessTokenPayload {
  accountId?: string;
  clientId?: string;
  aud?: string | string[];
  scope?: string;
  extra?: { client_name?: string | null };
}

/**
 * Verifies the access tokens this host's authorization server issued: one
 * indexed lookup (the token's SHA-256 among `AccessToken` records, joined to
 * the platform's record of the person, not the host's `People`: a role
 * changed there counts from the next refresh), nothing cached, so a
 * revocation counts on the next call on every replica. A token bound to another resource (another host's MCP
 * endpoint) is refused; expired, revoked and grant-revoked tokens are
 * absent.
 */
@Injectable()
export class OAuthAccessTokenVerifier implements McpTokenVerifier {
  constructor(
    @Inject(OAUTH_DATABASE) private readonly db: Kysely<OAuthHostDatabase>,
    @Inject(OAUTH_SERVER_SETTINGS) private readonly settings: ResolvedOAuthServerSettings,
  ) {}

  async verify(token: string): Promise<McpCaller | null> {
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
    const row = await this.db
      .selectFrom('oauth_records as r')
      .innerJoin('users as u', 'u.id', 'r.account_id')
      .select(['r.payload', 'r.expires_at', 'u.id as user_id', 'u.organization_id', 'u.role'])
      .where('r.model', '=', 'AccessToken')
      .where('r.id_hash', '=', hashRecordId(token))
      .executeTakeFirst();
    if (!row || (row.expires_at !== null && row.expires_at <= new Date().toISOString())) return null;
    const payload = JSON.parse(row.payload) as AccessTokenPayload;
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!audiences.includes(this.settings.resource) || !payload.clientId) return null;
    return {
      subject: row.user_id,
      organization_id: row.organization_id,
      client_id: payload.clientId,
      client_name: payload.extra?.client_name ?? null,
      scopes: (payload.scope ?? '').split(' ').filter(Boolean),
      roles: [row.role],
    };
  }
}
