import { Logger } from '@nestjs/common';
import type { KoaContextWithOIDC, Provider } from 'oidc-provider';

/** The provider's endpoints that get one line per request, by path. */
const ENDPOINTS: Array<[RegExp, string]> = [
  [/^\/authorize$/, 'authorize'],
  [/^\/authorize\/[^/]+$/, 'authorize_resume'],
  [/^\/token$/, 'token'],
  [/^\/register$/, 'register'],
  [/^\/revoke$/, 'revoke'],
];

/** Grant types worth naming; anything else a client sends is `other` (the line never carries its text). */
const GRANT_TYPES = new Set(['authorization_code', 'refresh_token']);

/** The context of every line, as the host's logs show it. */
export const OAUTH_LOG_CONTEXT = 'OAuthServer';

/** One line of an OAuth request: what an operator needs to follow a flow, never a token, code, verifier or secret. */
export interface OAuthRequestLine {
  msg: 'OAuth request';
  oauth_endpoint: string;
  method: string;
  status: number;
  /** The client's id once the provider found it; `null` for an unknown one (its text is not logged). */
  client_id: string | null;
  /** `/token` only: `authorization_code`, `refresh_token` or `other`. */
  grant_type?: string;
  /** The OAuth error code answered, when one was. */
  error?: string;
  duration_ms: number;
}

/**
 * One structured line at `info` per request of `/authorize`, `/token`,
 * `/register` and `/revoke` (the host's request log never sees them: the
 * provider answers before Nest's middleware), and a `warn` when a reused
 * code or refresh token revokes a grant (docs/security-model.md, "OAuth
 * request log").
 */
export function logOAuthRequests(provider: Provider, logger = new Logger(OAUTH_LOG_CONTEXT)): void {
  provider.use(async (ctx, next) => {
    const endpoint = ENDPOINTS.find(([path]) => path.test(ctx.path))?.[1];
    const started = performance.now();
    try {
      await next();
    } finally {
      if (endpoint) logger.log(requestLine(ctx as KoaContextWithOIDC, endpoint, performance.now() - started));
    }
  });
  provider.on('grant.revoked', (ctx: KoaContextWithOIDC, grantId: string) => {
    if (ctx.oidc?.route !== 'token') return;
    logger.warn({
      msg: 'OAuth grant revoked: a code or refresh token was used again',
      oauth_endpoint: 'token',
      client_id: ctx.oidc.client?.clientId ?? null,
      grant_type: grantTypeOf(ctx),
      grant_id: grantId,
      account_id: ctx.oidc.entities.Grant?.accountId ?? ctx.oidc.entities.RefreshToken?.accountId ?? null,
    });
  });
}

function requestLine(ctx: KoaContextWithOIDC, endpoint: string, durationMs: number): OAuthRequestLine {
  const body = ctx.body as { error?: unknown } | undefined;
  const error = typeof body === 'object' && body !== null && typeof body.error === 'string' ? body.error : errorOnPage(ctx);
  return {
    msg: 'OAuth request',
    oauth_endpoint: endpoint,
    method: ctx.method,
    status: ctx.status,
    client_id: ctx.oidc?.client?.clientId ?? null,
    ...(endpoint === 'token' ? { grant_type: grantTypeOf(ctx) } : {}),
    ...(error ? { error } : {}),
    duration_ms: Math.round(durationMs * 10) / 10,
  };
}

function grantTypeOf(ctx: KoaContextWithOIDC): string {
  const grantType = ctx.oidc?.params?.grant_type;
  return typeof grantType === 'string' && GRANT_TYPES.has(grantType) ? grantType : 'other';
}

/** The error an HTML error page shows (`<code>` of `#error`), or that a redirect carries. */
function errorOnPage(ctx: KoaContextWithOIDC): string | undefined {
  if (typeof ctx.body === 'string') return /id="error"><code>([a-z_]{1,64})<\/code>/.exec(ctx.body)?.[1];
  const location = ctx.response.get('Location');
  return location ? (URL.parse(location, 'http://issuer.invalid')?.searchParams.get('error')?.slice(0, 64) ?? undefined) : undefined;
}
