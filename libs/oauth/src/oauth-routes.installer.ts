import { Inject, Injectable } from '@nestjs/common';
import { OAUTH_SERVER_SETTINGS, ResolvedOAuthServerSettings } from './oauth-server.settings';
import { HttpAdapterHost } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import { OAUTH_ROUTES } from './oauth-provider.factory';
import { OAuthMessages } from './oauth.messages';
import { OAuthProviderService } from './oauth-provider.service';
import { RegistrationThrottle } from './registration.throttle';

const OPENID_CONFIGURATION = '/.well-known/openid-configuration';
const AUTHORIZATION_SERVER_METADATA = '/.well-known/oauth-authorization-server';

/** The paths oidc-provider answers: its endpoints, the resume of an authorization, and the two metadata documents. */
const PROVIDER_PATHS = new RegExp(
  `^(?:${[OAUTH_ROUTES.token, OAUTH_ROUTES.registration, OAUTH_ROUTES.revocation, OAUTH_ROUTES.jwks, OPENID_CONFIGURATION, AUTHORIZATION_SERVER_METADATA]
    .map(escapeRegExp)
    .join('|')}|${escapeRegExp(OAUTH_ROUTES.authorization)}(?:/[A-Za-z0-9_-]{1,64})?)$`,
);

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
 * `Retry-After`) before the provider reads anything.
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
    adapterHost.init$.subscribe(() => {
      const adapter = adapterHost.httpAdapter;
      if (adapter?.getType() !== 'express') return;
      const serve = (req: Request, res: Response, next: NextFunction): void => {
        if (!PROVIDER_PATHS.test(req.path)) return next();
        if (req.path === OAUTH_ROUTES.registration && req.method === 'POST') {
          const wait = throttle.take(req.ip ?? req.socket.remoteAddress ?? 'unknown');
          if (wait > 0) {
            res.status(429).set({ 'Retry-After': String(wait), 'Cache-Control': 'no-store' });
            res.json({ error: 'too_many_requests', error_description: OAuthMessages.registrationThrottled(wait) });
            return;
          }
        }
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
