import type { Kysely } from 'kysely';
import type { Configuration, KoaContextWithOIDC, Provider } from 'oidc-provider';
import { clientMetadataOverLimit } from '../registration/client-metadata-limits.constants';
import type { ClientMetadataSource } from '../interfaces/client-metadata-source.interface';
import { MetadataDocumentClients } from '../registration/metadata-document-clients.store';
import { OAuthKeys } from './oauth-keys.factory';
import { OAuthMessages } from '../oauth.messages';
import { OAuthRecordsAdapter } from '../records/oauth-records.store';
import type { OAuthDatabase } from '../records/oauth.table';
import type { ResolvedOAuthServerSettings } from '../oauth-server.options';
import { inProviderRealm, oidcProvider } from './oidc-provider.util';
import { applicationTypeOf, isAllowedRedirectUri } from '../registration/redirect-uri.policy';
import { AuthorizationErrorOut, renderAuthorizationError } from '../authorization/authorization-error.view';
import { keepErrorsOnIssuer } from '../authorization/authorization-error.policy';
import { logOAuthRequests } from '../audit/oauth-request-log.view';
import { checkTargetBeforeSpending } from '../token/token-target.policy';
import { CLIENT_SCOPE, clientScopeLimit } from '../authorization/oauth-grants.store';

/** Paths of the endpoints oidc-provider serves, relative to the issuer. */
export const OAUTH_ROUTES = {
  authorization: '/authorize',
  token: '/token',
  registration: '/register',
  revocation: '/revoke',
  jwks: '/jwks',
} as const;

/** Path of the consent page, the library's interaction URL. */
export const CONSENT_PATH = '/oauth/consent';

/** The client metadata property that says where a client comes from; set by the server, never by the client. */
export const CLIENT_SOURCE = 'kobana_client_source';

/** Where a client comes from: a Client ID Metadata Document, or Dynamic Client Registration. */
export type ClientSource = 'metadata_document' | 'registered';

/** What the provider is built from. */
export interface OAuthProviderDependencies {
  db: Kysely<OAuthDatabase>;
  settings: ResolvedOAuthServerSettings;
  keys: OAuthKeys;
  clientMetadata?: ClientMetadataSource;
  /** Told the person of each grant whose records a revocation deleted (see {@link OAuthRecordsAdapter}). */
  grantRevoked?: (grantId: string, accountId: string) => void;
  /**
   * Asked whether a token's person still exists whenever the library loads
   * them (each code exchange and refresh, and at `/authorize`); `false` makes
   * the exchange or refresh an `invalid_grant`. @default every person exists
   */
  confirmAccount?: (accountId: string) => Promise<boolean>;
}

/**
 * The oidc-provider instance of one host: an OAuth 2.1 authorization server
 * for exactly one resource, the host's MCP endpoint. Authorization code with
 * PKCE (S256, required), `resource` required at `/authorize` and bound into
 * every token, opaque access tokens, refresh tokens rotated on each use,
 * public clients only (registered or metadata documents), revocation, no
 * ID token unless a client asks for `openid`. Every record in the database.
 */
export function createOAuthProvider({ db, settings, keys, clientMetadata, grantRevoked, confirmAccount }: OAuthProviderDependencies): Provider {
  const { default: ProviderClass, errors, interactionPolicy } = oidcProvider();
  const scopes = settings.scopes.map((entry) => entry.scope);
  const cookiePrefix = settings.personalTokenPrefix.replace(/_+$/, '');

  // The host's page confirms who is signed in at every authorization (its own session decides, and a sign-out there counts),
  // then answers at once when consent is remembered: the library's own session cookie never authorizes alone.
  const policy = interactionPolicy.base();
  policy
    .get('login')!
    .checks.unshift(
      new interactionPolicy.Check('host_session', 'the host confirms the signed-in person', (ctx) =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const configuration: Configuration = {
    adapter: (name: string) => {
      const records = new OAuthRecordsAdapter(name, db, undefined, grantRevoked);
      return name === 'Client'
        ? new MetadataDocumentClients(records, clientMetadata, (reason) => Object.assign(new errors.InvalidClient(reason), { error_description: reason }))
        : records;
    },
    clients: [],
    findAccount: async (_ctx, sub) =>
      !confirmAccount || (await confirmAccount(sub)) ? inProviderRealm({ accountId: sub, claims: () => inProviderRealm({ sub }) }) : undefined,
    cookies: {
      keys: [keys.cookieKey()],
      // Per host: browsers share cookies across the ports of one host name. On https the session cookie (Path=/) is
      // `__Host-` (no Domain, Secure: no sibling subdomain can set or shadow it); the interaction and resume cookies are
      // scoped by the library to their own paths, which `__Host-` forbids, so they are `__Secure-` (docs/security-model.md, "Cookie prefixes").
      names: cookieNames(cookiePrefix, settings.issuer.startsWith('https:')),
    },
    jwks: { keys: [keys.signingJwk()] },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true, initialAccessToken: false },
      // A client revokes only its own tokens (RFC 7009 §2.1), which is also the library's default, stated here.
      revocation: { enabled: true, allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId },
      introspection: { enabled: false },
      userinfo: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      dPoP: { enabled: false },
      resourceIndicators: {
        enabled: true,
        // No resource on /authorize: refused. At /token a missing resource means the one the code or refresh token is bound to.
        // Called with the list when a token request names several: one resource per token, refused rather than guessed.
        defaultResource: (ctx: KoaContextWithOIDC, _client, oneOf?: readonly string[]) => {
          if (oneOf) throw new errors.InvalidTarget(OAuthMessages.oneResource());
          if (ctx.oidc.route === 'authorization') throw new errors.InvalidTarget(OAuthMessages.resourceRequired());
          return undefined as unknown as string;
        },
        useGrantedResource: () => true,
        getResourceServerInfo: (ctx, resource) => {
          // The library takes several resources at /authorize; a grant under two of them is one no page can show.
          if (Array.isArray(ctx.oidc.params?.resource) && (ctx.oidc.params.resource as string[]).length > 1) {
            throw new errors.InvalidTarget(OAuthMessages.oneResource());
          }
          if (resource !== settings.resource) throw new errors.InvalidTarget(OAuthMessages.unknownResource(settings.resource));
          return inProviderRealm({
            scope: scopes.join(' '),
            audience: settings.resource,
            accessTokenTTL: settings.accessTokenTtlSeconds,
            accessTokenFormat: 'opaque' as const,
          });
        },
      },
    },
    routes: { ...OAUTH_ROUTES },
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid'],
    clientAuthMethods: ['none'],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'ES256',
    },
    extraClientMetadata: {
      properties: [CLIENT_SOURCE, CLIENT_SCOPE],
      // Runs for every client, registered or resolved, on registration and on each load.
      validator: (ctx, key, _value, metadata) => {
        if (key !== CLIENT_SOURCE) return;
        if (ctx?.oidc?.route === 'registration') {
          metadata[CLIENT_SOURCE] = 'registered' satisfies ClientSource;
          // MCP SDKs register with `scope` = the resource's scopes, which the library checks against its OpenID scopes only
          // and refuses. RFC 7591 lets a server ignore it: what a client gets is what the person allows on the consent page.
          delete metadata.scope;
          const overLimit = clientMetadataOverLimit(metadata);
          if (overLimit) throw new errors.InvalidClientMetadata(overLimit);
          // The library issues a secret to a client that omits token_endpoint_auth_method, before the default `none` applies:
          // every client here is public, so a secret would only be a credential nobody checks, stored and answered for nothing.
          delete metadata.client_secret;
          delete metadata.client_secret_expires_at;
          // The raw body tells a client that said nothing from one that said `web` (the library has applied its default by now).
          const declared = (ctx.oidc.body as Record<string, unknown> | undefined)?.application_type;
          metadata.application_type = applicationTypeOf(metadata.redirect_uris, declared);
          delete metadata[CLIENT_SCOPE];
        } else {
          // A stored or published `scope` naming the host's scopes (the CLI's --scope) made every load invalid_client_metadata.
          Object.assign(metadata, splitClientScope(metadata.scope, scopes));
        }
        // Not a list (the library refuses that after this validator): nothing to check here, and nothing to iterate.
        for (const uri of Array.isArray(metadata.redirect_uris) ? (metadata.redirect_uris as unknown[]) : []) {
          // "redirect_uris …" makes it invalid_redirect_uri rather than invalid_client_metadata.
          if (typeof uri !== 'string' || !isAllowedRedirectUri(uri)) throw new errors.InvalidClientMetadata(OAuthMessages.redirectUriScheme(String(uri)));
        }
      },
    },
    allowOmittingSingleRegisteredRedirectUri: false,
    ttl: {
      AccessToken: settings.accessTokenTtlSeconds,
      AuthorizationCode: settings.authorizationCodeTtlSeconds,
      RefreshToken: settings.refreshTokenTtlSeconds,
      Interaction: settings.interactionTtlSeconds,
      Session: settings.interactionTtlSeconds,
      Grant: settings.grantTtlSeconds,
    },
    rotateRefreshToken: true,
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Tokens outlive the library's short session: a person ends them by revoking the grant, not by signing out.
    expiresWithSession: () => false,
    // Stored with the opaque token, so the MCP verifier names the client without resolving it again.
    extraTokenClaims: (ctx) => inProviderRealm({ client_name: ctx.oidc.client?.clientName ?? null }),
    interactions: { url: (_ctx, interaction) => `${CONSENT_PATH}/${interaction.uid}`, policy },
    // Browser-based clients (public, PKCE) call the token and registration endpoints cross-origin.
    clientBasedCORS: () => true,
    discovery: { client_id_metadata_document_supported: true },
    // What a person's browser shows when an authorization cannot go back to the client: the host's page style, the error in words.
    renderError: (ctx, out) => renderAuthorizationError(ctx, out as AuthorizationErrorOut),
  };

  const provider = new ProviderClass(settings.issuer, inProviderRealm(configuration));
  logOAuthRequests(provider);
  checkTargetBeforeSpending(provider, settings.resource);
  keepErrorsOnIssuer(provider);
  // The routes installer sets X-Forwarded-Host and -Proto to the issuer's, so every URL the provider writes is on the issuer.
  provider.proxy = true;
  provider.use(async (ctx, next) => {
    if (ctx.path === OAUTH_ROUTES.authorization && ctx.method === 'GET') {
      // No scope asked for: every scope of the resource, which the person still sees and decides on.
      if (ctx.query.scope === undefined) ctx.query = { ...ctx.query, scope: scopes.join(' ') };
      // Narrowed before the library sees it: a host scope never grantable to the client would be asked for again after every Allow.
      const limit = await clientScopeLimitOf(provider, ctx.query.client_id);
      if (limit && typeof ctx.query.scope === 'string') {
        ctx.query = {
          ...ctx.query,
          scope: ctx.query.scope
            .split(' ')
            .filter((word) => !scopes.includes(word) || limit.has(word))
            .join(' '),
        };
      }
    }
    await next();
    if (ctx.oidc?.route === 'discovery' && ctx.status === 200) ctx.body = authorizationServerMetadata(ctx.body as Record<string, unknown>, scopes);
  });
  return provider;
}

/** The provider's cookie names: per host, with the `__Host-` / `__Secure-` prefixes on an https issuer. */
function cookieNames(prefix: string, https: boolean): { session: string; interaction: string; resume: string } {
  const host = https ? '__Host-' : '';
  const secure = https ? '__Secure-' : '';
  return { session: `${host}${prefix}_oauth_session`, interaction: `${secure}${prefix}_oauth_interaction`, resume: `${secure}${prefix}_oauth_resume` };
}

/** RFC 8414 metadata as this server means it: the library's document with what it does not do removed, and the host's scopes. */
function authorizationServerMetadata(body: Record<string, unknown>, scopes: string[]): Record<string, unknown> {
  const {
    claims_supported: _claims,
    claim_types_supported: _claimTypes,
    subject_types_supported: _subjects,
    claims_parameter_supported: _claimsParameter,
    ...rest
  } = body;
  return {
    ...rest,
    scopes_supported: scopes,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    client_id_metadata_document_supported: true,
  };
}

/**
 * A client's declared `scope`, split for the library: the OpenID scopes it
 * knows stay in `scope`, the host's go to {@link CLIENT_SCOPE}, any other
 * is ignored (RFC 7591 §2 lets a server do so).
 */
function splitClientScope(declared: unknown, hostScopes: string[]): { scope: string | undefined; [CLIENT_SCOPE]: string | undefined } {
  const words = typeof declared === 'string' ? declared.split(' ').filter(Boolean) : [];
  const openid = words.filter((word) => word === 'openid');
  const host = hostScopes.filter((scope) => words.includes(scope));
  return { scope: openid.length ? openid.join(' ') : undefined, [CLIENT_SCOPE]: host.length ? host.join(' ') : undefined };
}

/** The scope limit of the client an authorization request names (see `clientScopeLimit`); `undefined` for none, or for a client that does not load (the library then answers). */
async function clientScopeLimitOf(provider: Provider, clientId: unknown): Promise<Set<string> | undefined> {
  if (typeof clientId !== 'string' || clientId === '' || clientId.length > 2048) return undefined;
  try {
    const client = await provider.Client.find(clientId);
    return client ? clientScopeLimit(client.metadata()) : undefined;
  } catch {
    return undefined;
  }
}
