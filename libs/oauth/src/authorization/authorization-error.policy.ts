import type { KoaContextWithOIDC, Provider } from 'oidc-provider';
import { renderAuthorizationError } from './authorization-error.view';
import { OAuthMessages } from '../oauth.messages';

/** The authorization endpoint's path, relative to the issuer. */
const AUTHORIZE = '/authorize';

/** Where the error of the request is kept between the library's event and the answer. */
const FAILURE = Symbol('authorizationFailure');

interface Failure {
  status: number;
  error: string;
  description?: string;
}

type FailureState = { [FAILURE]?: Failure };

/**
 * RFC 9700 §4.11.2: an authorization server that redirects every error to a
 * registered `redirect_uri` is an open redirector, since anyone registers
 * any https URL by Dynamic Client Registration. Errors go back to the client
 * only when a person has already trusted it:
 *
 * - after the consent page (the library's `resume`: the person signed in
 *   and decided on a page that names where the answer goes), so Deny is
 *   still `access_denied` on the redirect;
 * - at `/authorize`, when the browser's provider session belongs to a person
 *   holding an unexpired grant to this client (`prompt=none` of a client the
 *   person just allowed, for instance).
 *
 * Every other error is shown on the host's error page, with no redirect.
 * Only `response_mode=query` is served: `form_post` would answer the
 * library's auto-submitting page (no CSP, no framing header) and
 * `fragment`/`web_message` are modes no MCP client uses (docs/security-model.md,
 * "Authorization errors and the redirect URI").
 */
export function keepErrorsOnIssuer(provider: Provider): void {
  const record = (ctx: KoaContextWithOIDC, error: { expose?: boolean; statusCode?: number; message: string; error_description?: string }) => {
    if (ctx.oidc?.route !== 'authorization') return;
    (ctx.state as FailureState)[FAILURE] = error.expose
      ? // prompt=none's errors carry 303, the status of their redirect: as a page they are a 400.
        { status: (error.statusCode ?? 400) >= 400 ? error.statusCode! : 400, error: error.message, description: error.error_description }
      : { status: 500, error: 'server_error' };
  };
  provider.on('authorization.error', record);
  provider.on('server_error', record);

  provider.use(async (ctx, next) => {
    if (ctx.path === AUTHORIZE && ctx.query.response_mode !== undefined && ctx.query.response_mode !== 'query') {
      ctx.status = 400;
      return renderAuthorizationError(ctx as KoaContextWithOIDC, { error: 'invalid_request', error_description: OAuthMessages.responseModeQueryOnly() });
    }
    await next();
    const failure = (ctx.state as FailureState)[FAILURE];
    if (!failure || ctx.status < 300 || ctx.status >= 400) return;
    if (await trustedBySession(ctx as KoaContextWithOIDC, provider)) return;
    ctx.remove('Location');
    ctx.status = failure.status;
    renderAuthorizationError(ctx as KoaContextWithOIDC, { error: failure.error, error_description: failure.description });
  });
}

/** Whether the browser's provider session is a person's who holds an unexpired grant to the request's client. */
async function trustedBySession(ctx: KoaContextWithOIDC, provider: Provider): Promise<boolean> {
  const { session, client } = ctx.oidc ?? {};
  if (!session?.accountId || !client) return false;
  const grantId = session.grantIdFor(client.clientId);
  const grant = grantId ? await provider.Grant.find(grantId) : undefined;
  return grant !== undefined && grant.accountId === session.accountId && grant.clientId === client.clientId;
}
