import { Inject, Injectable } from '@nestjs/common';
import { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { PRE_REGISTERED_CLIENT_PREFIX } from './connected-apps.constants';
import { CONNECTED_APPS_DATABASE, ConnectedAppsDatabase } from './connected-apps-host.table';
import type { ConnectedApp, NewPublicClient, RegisteredClient } from './connected-app.interface';
import { hashRecordId } from '../records/oauth-records.store';
import { grantIdOf, parsePayload, scopesOf, sourceOf, textOf } from './grant-record.parser';

/** The record kinds that belong to a grant and die with it (oidc-provider's `revokeByGrantId` set, and the grant itself). */
const GRANT_BOUND_MODELS = ['Grant', 'AccessToken', 'RefreshToken', 'AuthorizationCode', 'DeviceCode', 'BackchannelAuthenticationRequest'];

/** Token kinds whose issue time says the client was active. */
const TOKEN_MODELS = ['AccessToken', 'RefreshToken'];

/** What a grant id and a client id look like here: the library's ids (URL-safe), a metadata-document URL, a UUID. */
const MAX_ID_LENGTH = 2048;

/**
 * A person's connected apps: the OAuth grants the authorization server keeps
 * in `oauth_records`, read and revoked here without the protocol library
 * (the CLI opens no server). Revoking deletes the grant and every token and
 * code issued under it in one transaction, so the client's next MCP call
 * with any of them gets 401 and its refresh token no longer works.
 */
@Injectable()
export class ConnectedAppsService {
  constructor(@Inject(CONNECTED_APPS_DATABASE) private readonly db: Kysely<ConnectedAppsDatabase>) {}

  /** The person's live grants, newest first. */
  async listForPerson(accountId: string, now = new Date()): Promise<ConnectedApp[]> {
    return this.list((query) => query.where('g.account_id', '=', accountId), now);
  }

  /** The organization's live grants (every person's), newest first. `email` narrows to one person. */
  async listForOrganization(organizationId: string, options: { email?: string } = {}, now = new Date()): Promise<ConnectedApp[]> {
    return this.list((query) => {
      const scoped = query.where('u.organization_id', '=', organizationId);
      return options.email === undefined ? scoped : scoped.where('u.email', '=', options.email);
    }, now);
  }

  /** The live grant `grantId` when it is the person's; `undefined` otherwise (unknown, expired or someone else's: the same answer). */
  async findForPerson(accountId: string, grantId: string, now = new Date()): Promise<ConnectedApp | undefined> {
    if (grantId.length > MAX_ID_LENGTH) return undefined;
    const [app] = await this.list((query) => query.where('g.account_id', '=', accountId).where('g.id_hash', '=', hashRecordId(grantId)), now);
    return app;
  }

  /**
   * Revokes the person's grant `grantId`: the grant, its tokens and codes.
   *
   * @returns `false`, changing nothing, when no live grant of that person has the id.
   */
  async revokeForPerson(accountId: string, grantId: string, now = new Date()): Promise<boolean> {
    if (!(await this.findForPerson(accountId, grantId, now))) return false;
    await this.deleteGrant(grantId);
    return true;
  }

  /**
   * Revokes grant `grantId` whoever it belongs to (the CLI); with
   * `organizationId`, only a grant of a person of that organization.
   *
   * @returns `false`, changing nothing, when no grant has the id (in that organization).
   */
  async revoke(grantId: string, options: { organizationId?: string } = {}): Promise<boolean> {
    if (grantId.length > MAX_ID_LENGTH) return false;
    let query = this.db
      .selectFrom('oauth_records as g')
      .innerJoin('users as u', 'u.id', 'g.account_id')
      .select('g.id_hash')
      .where('g.model', '=', 'Grant')
      .where('g.id_hash', '=', hashRecordId(grantId));
    if (options.organizationId !== undefined) query = query.where('u.organization_id', '=', options.organizationId);
    if (!(await query.executeTakeFirst())) return false;
    await this.deleteGrant(grantId);
    return true;
  }

  /**
   * Ends every OAuth access of a person (a password reset): each of their
   * grants with its tokens and codes, and the authorization server's own
   * sign-in sessions of theirs, in one transaction.
   *
   * @returns how many grants were revoked.
   */
  async revokeAllForPerson(accountId: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const grants = await trx.selectFrom('oauth_records').select('grant_id').where('model', '=', 'Grant').where('account_id', '=', accountId).execute();
      const grantIds = grants.map((grant) => grant.grant_id).filter((id): id is string => id !== null);
      if (grantIds.length > 0) await trx.deleteFrom('oauth_records').where('grant_id', 'in', grantIds).where('model', 'in', GRANT_BOUND_MODELS).execute();
      // Also by person: a token whose grant row is gone already, and the sessions (a session alone never authorizes, but it names the person).
      await trx
        .deleteFrom('oauth_records')
        .where('account_id', '=', accountId)
        .where('model', 'in', [...GRANT_BOUND_MODELS, 'Session'])
        .execute();
      return grantIds.length;
    });
  }

  /** The organization's id by slug, or `undefined`. */
  async organizationId(slug: string): Promise<string | undefined> {
    return (await this.db.selectFrom('organizations').select('id').where('slug', '=', slug).executeTakeFirst())?.id;
  }

  /**
   * Pre-registers a public client (PKCE, no client secret), stored as the
   * authorization server stores a dynamically registered one.
   *
   * @returns the new client's id.
   */
  async createPublicClient(client: NewPublicClient, now = new Date()): Promise<string> {
    const clientId = `${PRE_REGISTERED_CLIENT_PREFIX}${randomBytes(16).toString('base64url')}`;
    const metadata = {
      client_id: clientId,
      client_id_issued_at: Math.floor(now.getTime() / 1000),
      client_name: client.name,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(client.scope ? { scope: client.scope } : {}),
    };
    await this.db
      .insertInto('oauth_records')
      .values({
        model: 'Client',
        id_hash: hashRecordId(clientId),
        payload: JSON.stringify(metadata),
        grant_id: null,
        account_id: null,
        client_id: clientId,
        uid: null,
        expires_at: null,
        consumed_at: null,
        created_at: now.toISOString(),
      })
      .execute();
    return clientId;
  }

  /** Every stored client (registered and pre-registered), newest first, with its count of live grants. */
  async listClients(now = new Date()): Promise<RegisteredClient[]> {
    const rows = await this.db
      .selectFrom('oauth_records')
      .select(['client_id', 'payload', 'created_at'])
      .where('model', '=', 'Client')
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now.toISOString())]))
      .orderBy('created_at', 'desc')
      .orderBy('client_id')
      .execute();
    const counts = await this.db
      .selectFrom('oauth_records')
      .select(['client_id', (eb) => eb.fn.countAll<number | string>().as('grants')])
      .where('model', '=', 'Grant')
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now.toISOString())]))
      .groupBy('client_id')
      .execute();
    const grants = new Map(counts.map((row) => [row.client_id, Number(row.grants)]));
    return rows.map((row) => {
      const metadata = parsePayload(row.payload);
      const clientId = row.client_id ?? textOf(metadata.client_id) ?? '';
      return {
        clientId,
        clientName: textOf(metadata.client_name) ?? null,
        source: sourceOf(clientId),
        redirectUris: Array.isArray(metadata.redirect_uris) ? metadata.redirect_uris.filter((uri): uri is string => typeof uri === 'string') : [],
        scope: textOf(metadata.scope) ?? null,
        createdAt: row.created_at,
        grants: grants.get(clientId) ?? 0,
      };
    });
  }

  /**
   * Deletes the stored client `clientId` and every grant, token and code of it.
   *
   * @returns `false`, changing nothing, when no client is stored under that id.
   */
  async deleteClient(clientId: string): Promise<boolean> {
    if (clientId.length > MAX_ID_LENGTH) return false;
    return this.db.transaction().execute(async (trx) => {
      const deleted = await trx.deleteFrom('oauth_records').where('model', '=', 'Client').where('id_hash', '=', hashRecordId(clientId)).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return false;
      await trx.deleteFrom('oauth_records').where('client_id', '=', clientId).where('model', 'in', GRANT_BOUND_MODELS).execute();
      return true;
    });
  }

  private async deleteGrant(grantId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('oauth_records').where('model', '=', 'Grant').where('id_hash', '=', hashRecordId(grantId)).execute();
      await trx.deleteFrom('oauth_records').where('grant_id', '=', grantId).where('model', 'in', GRANT_BOUND_MODELS).execute();
    });
  }

  private async list(
    narrow: (query: ReturnType<ConnectedAppsService['grantsQuery']>) => ReturnType<ConnectedAppsService['grantsQuery']>,
    now: Date,
  ): Promise<ConnectedApp[]> {
    const grants = await narrow(this.grantsQuery(now)).execute();
    if (grants.length === 0) return [];
    const grantIds = grants.map(grantIdOf).filter((id): id is string => id !== undefined);
    const clientIds = [...new Set(grants.map((grant) => grant.client_id).filter((id): id is string => id !== null))];
    const lastUsed = new Map<string, string>();
    if (grantIds.length > 0) {
      const tokens = await this.db
        .selectFrom('oauth_records')
        .select(['grant_id', (eb) => eb.fn.max('created_at').as('last')])
        .where('model', 'in', TOKEN_MODELS)
        .where('grant_id', 'in', grantIds)
        .groupBy('grant_id')
        .execute();
      for (const row of tokens) if (row.grant_id) lastUsed.set(row.grant_id, String(row.last));
    }
    const names = new Map<string, string>();
    if (clientIds.length > 0) {
      // By key, not by the client_id column: a client's record is keyed by its id however the columns are filled.
      const byHash = new Map(clientIds.map((id) => [hashRecordId(id), id]));
      const clients = await this.db
        .selectFrom('oauth_records')
        .select(['id_hash', 'payload'])
        .where('model', '=', 'Client')
        .where('id_hash', 'in', [...byHash.keys()])
        .execute();
      for (const row of clients) {
        const name = textOf(parsePayload(row.payload).client_name);
        if (name) names.set(byHash.get(row.id_hash)!, name);
      }
    }
    const apps: ConnectedApp[] = [];
    for (const grant of grants) {
      const id = grantIdOf(grant);
      if (id === undefined) continue;
      const payload = parsePayload(grant.payload);
      const clientId = grant.client_id ?? textOf(payload.clientId) ?? '';
      const { scopes, resources } = scopesOf(payload);
      apps.push({
        id,
        accountId: grant.account_id ?? '',
        email: grant.email,
        clientId,
        clientName: names.get(clientId) ?? null,
        source: sourceOf(clientId),
        scopes,
        resources,
        authorizedAt: grant.created_at,
        lastUsedAt: lastUsed.get(id) ?? null,
        expiresAt: grant.expires_at,
      });
    }
    return apps;
  }

  private grantsQuery(now: Date) {
    return this.db
      .selectFrom('oauth_records as g')
      .innerJoin('users as u', 'u.id', 'g.account_id')
      .select(['g.id_hash', 'g.grant_id', 'g.payload', 'g.account_id', 'g.client_id', 'g.expires_at', 'g.created_at', 'u.email'])
      .where('g.model', '=', 'Grant')
      .where((eb) => eb.or([eb('g.expires_at', 'is', null), eb('g.expires_at', '>', now.toISOString())]))
      .orderBy('g.created_at', 'desc')
      .orderBy('g.id_hash');
  }
}
