/**
 * Connected apps as the authorization server leaves them in `oauth_records`
 * after a person allowed a client: the client's registration, the grant, the
 * redeemed code, an access and a refresh token, each written by the
 * server's adapter as oidc-provider's `upsert(id, payload, expiresIn)` does.
 */
import { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { AdapterPayload } from 'oidc-provider';
import { OAuthRecordsAdapter } from '@kobana/oauth';
import type { ConnectedAppsDatabase, OAuthDatabase } from '@kobana/oauth';

/** What to seed. */
export interface SeedConnectedApp {
  /** The person (user id) who allowed it. */
  accountId: string;
  clientName: string;
  /** The MCP resource URL the grant is for. */
  resource: string;
  /** Its scopes, space-separated. */
  scope: string;
  /** How long ago it was allowed. @default 0 */
  ageMs?: number;
  /** When the grant expires, from now. @default 14 days */
  expiresInMs?: number;
  /** A client already registered (e.g. with `client create`); otherwise one is registered here. */
  clientId?: string;
}

/** What was seeded. */
export interface SeededConnectedApp {
  grantId: string;
  clientId: string;
  /** The access token (an opaque token is its record's id). */
  accessToken: string;
}

const id = (length = 43) => randomBytes(48).toString('base64url').slice(0, length);

/** Writes a client, its grant and the grant's code and tokens. */
export async function seedConnectedApp(db: Kysely<ConnectedAppsDatabase>, app: SeedConnectedApp): Promise<SeededConnectedApp> {
  const created = new Date(Date.now() - (app.ageMs ?? 0));
  const expires = new Date(Date.now() + (app.expiresInMs ?? 14 * 86_400_000));
  const epoch = (date: Date) => Math.floor(date.getTime() / 1000);
  const clientId = app.clientId ?? id(21);
  const grantId = id(21);
  const accessToken = id();
  // Through the server's own adapter, at the time the app was allowed: the rows are exactly the server's.
  const upsert = (model: string, recordId: string, payload: Record<string, unknown>, expiresAt: Date | null, consumed = false) =>
    new OAuthRecordsAdapter(model, db as unknown as Kysely<OAuthDatabase>, () => created).upsert(
      recordId,
      { ...payload, kind: model, jti: recordId, ...(consumed ? { consumed: epoch(created) } : {}) } as AdapterPayload,
      expiresAt === null ? undefined : (expiresAt.getTime() - created.getTime()) / 1000,
    );
  if (!app.clientId) {
    await upsert(
      'Client',
      clientId,
      {
        client_id: clientId,
        client_id_issued_at: epoch(created),
        client_name: app.clientName,
        redirect_uris: ['http://127.0.0.1:33418/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      },
      null,
    );
  }
  const bound = { accountId: app.accountId, clientId, grantId, iat: epoch(created) };
  await upsert(
    'Grant',
    grantId,
    { accountId: app.accountId, clientId, resources: { [app.resource]: app.scope }, iat: epoch(created), exp: epoch(expires) },
    expires,
  );
  await upsert(
    'AuthorizationCode',
    id(),
    { ...bound, scope: app.scope, resource: app.resource, exp: epoch(created) + 60 },
    new Date(created.getTime() + 60_000),
    true,
  );
  await upsert(
    'AccessToken',
    accessToken,
    { ...bound, scope: app.scope, aud: app.resource, exp: epoch(created) + 3600 },
    new Date(created.getTime() + 3_600_000),
  );
  await upsert('RefreshToken', id(), { ...bound, scope: app.scope, resource: app.resource, exp: epoch(expires) }, expires);
  return { grantId, clientId, accessToken };
}
