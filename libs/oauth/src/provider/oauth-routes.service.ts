import { Inject, Injectable, Logger } from '@nestjs/common';
import { OAUTH_SERVER_SETTINGS, ResolvedOAuthServerSettings } from '../oauth-server.options';
import { HttpAdapterHost } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import { OAUTH_ROUTES } from './oauth-provider.factory';
import { OAuthMessages } from '../oauth.messages';
import { OAuthProviderService } from './oauth-provider.service';
import { RegistrationThrottle } from '../registration/registration-throttle.service';

const OPENID_CONFIGURATION = '/.well-known/openid-configuration';
const AUTHORIZATION_SERVER_METADATA = '/.well-known/oauth-authorization-server';

/** A path of the provider and the methods it answers there (HEAD with GET); OPTIONS where it answers CORS preflights. */
const PROVIDER_ROUTES: Array<{ path: RegExp; methods: Set<string> }> = [
  { path: exactly(OAUTH_ROUTES.authorization, `(?:/[A-Za-z0-9_-]{1,64})?`), methods: new Set(['GET', 'HEAD']) },
  { path: exactly(OAUTH_ROUTES.token), methods: new Set(['POST', 'OPTIONS']) },
  { path: exactly(OAUTH_ROUTES.revocation), methods: new Set(['POST', 'OPTIONS']) },
  { path: exactly(OAUTH_ROUTES.registration), methods: new Set(['POST']) },
  // RFC 7592 read: the registration answer names this URL (`registration_client_uri`) with a registration access token.
  { path: exactly(OAUTH_ROUTES.registration, `/[A-Za-z0-9_-]{1,64}`), methods: new Set(['GET', 'HEAD']) },
  { path: exactly(OAUTH_ROUTES.jwks), methods: new Set(['GET', 'HEAD', 'OPTIONS']) },
  { path: exactly(OPENID_CONFIGURATION), methods: new Set(['GET', 'HEAD', 'OPTIONS']) },
  { path: exactly(AUTHORIZATION_SERVER_METADATA), methods: new Set(['GET', 'HEAD', 'OPTIONS']) },
];

/**
 * Whether oidc-provider answers `method` on `path`; OPTIONS only as a CORS
 * preflight (`preflight`: it has `Access-Control-Request-Method`), the one
 * OPTIONS the provider answers. Anything else on its paths goes on to the
 * host, which answers it as every unknown route (a 404 in the host's JSON),
 * rather than the provider's bare `Not Found` text.
 */
export function providerAnswers(method: string, path: string, preflight = false): boolean {
  if (method === 'OPTIONS' && !preflight) return false;
  return PROVIDER_ROUTES.some((route) => route.methods.has(method) && route.path.test(path));
}

/**
 * Paths whose body oidc-provider reads itself (it refuses what it does not
 * expect with its own errors): the host passes them to the MCP module's
 * `unparsedPaths`, so its parsers leave them unread.
 */
export const OAUTH_UNPARSED_PATHS: RegExp[] = [
  new RegExp(`^(?:${[OAUTH_ROUTES.token, OAUTH_ROUTES.registration, OAUTH_ROUTES.revocation].map(escapeRegExp).join('|')})/?$`, 'i'),
];

/**
 * Mounts oidc-provider on the host's Express app, as soon as the HTTP
 * adapter exists (before Nest's routes): the provider's endpoints at the
 * issuer's root, RFC 8414 metadata at `/.well-known/oauth-authorization-server`
 * (the same document as `/.well-known/openid-configuration`: clients try
 * both), and the per-address limit of Dynamic Client Registration (429 with
 * `Retry-After`, shared by every replica through the database) before the
 * provider reads anything.
 */
@Injectable()
export class OAuthRoutesInstaller {
  constructor(
    adapterHost: HttpAdapterHost,
    provider: OAuthProviderService,
    throttle: RegistrationThrottle,
    @Inject(OAUTH_SERVER_SETTINGS) settings: ResolvedOAuthServerSettings,
  ) {
    const issuer = new URL(settings.issuer);
    const logger = new Logger(OAuthRoutesInstaller.name);
    adapterHost.init$.subscribe(() => {
      const adapter = adapterHost.httpAdapter;
      if (adapter?.getType() !== 'express') return;
      const serve = (req: Request, res: Response, next: NextFunction): void => {
        if (!providerAnswers(req.method, req.path, req.headers['access-control-request-method'] !== undefined)) return next();
        if (req.path === OAUTH_ROUTES.registration && req.method === 'POST') {
          const wait = throttle.take(req.ip ?? req.socket.remoteAddress ?? 'unknown');
          void wait.then(
            (seconds) => (seconds > 0 ? refuse(res, 429, seconds, 'too_many_requests', OAuthMessages.registrationThrottled(seconds)) : handOver(req, res)),
            (error: Error) => {
              // The counter is in the database: without it, no registration could be stored either.
              logger.error(`Counting a client registration failed: ${error.message}`);
              refuse(res, 503, 5, 'temporarily_unavailable', OAuthMessages.registrationUnavailable());
            },
          );
          return;
        }
        handOver(req, res);
      };
      const handOver = (req: Request, res: Response): void => {
        // Every URL the provider writes (metadata, redirects) is on the issuer, whatever Host the request came with.
        req.headers['x-forwarded-host'] = issuer.host;
        req.headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
        if (req.path === AUTHORIZATION_SERVER_METADATA) req.url = OPENID_CONFIGURATION + req.url.slice(AUTHORIZATION_SERVER_METADATA.length);
        void provider.callback(req, res);
      };
      adapter.use(Object.defineProperty(serve, 'name', { value: 'oauthAuthorizationServer' }));
    });
  }
}

/** A JSON refusal of the registration endpoint, with `Retry-After`, never cached. */
function refuse(res: Response, status: number, retryAfterSeconds: number, error: string, description: string): void {
  res.status(status).set({ 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' });
  res.json({ error, error_description: description });
}

function exactly(path: string, suffix = ''): RegExp {
  return new RegExp(`^${escapeRegExp(path)}${suffix}$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
