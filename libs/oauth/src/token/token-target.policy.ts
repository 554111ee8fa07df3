import type { KoaContextWithOIDC, Provider } from 'oidc-provider';
import { OAuthMessages } from '../oauth.messages';
import { oidcProvider } from '../provider/oidc-provider.util';

/** What a spendable token (an authorization code, a refresh token) knows of its resources. */
interface BoundToken {
  resourceIndicators?: Set<string>;
}

/**
 * Refuses a `resource` (RFC 8707) the request could not get: more than one,
 * or not the resource the code or refresh token is bound to. Run where the
 * library checks it, and again just before it spends the token (see
 * {@link checkTargetBeforeSpending}).
 */
function checkTokenTarget(ctx: KoaContextWithOIDC, resource: string, token?: BoundToken): void {
  const { errors } = oidcProvider();
  const requested = ctx.oidc.params?.resource as unknown;
  if (requested === undefined) return;
  if (Array.isArray(requested)) throw new errors.InvalidTarget(OAuthMessages.oneResource());
  if (requested !== resource || (token?.resourceIndicators && !token.resourceIndicators.has(requested))) {
    throw new errors.InvalidTarget(OAuthMessages.unknownResource(resource));
  }
}

/**
 * oidc-provider spends a code or rotates a refresh token before it resolves
 * `resource`, so a refused target still used up the token, and the client's
 * retry then counted as reuse and revoked the whole grant. Here the target
 * is checked when the token endpoint is about to spend one: a request refused
 * for its parameters leaves the token as it was (docs/security-model.md, "Refresh with a wrong resource").
 */
export function checkTargetBeforeSpending(provider: Provider, resource: string): void {
  const { default: ProviderClass } = oidcProvider();
  for (const Model of [provider.AuthorizationCode, provider.RefreshToken]) {
    const prototype = Model.prototype as { consume(): Promise<void> } & BoundToken;
    const consume = prototype.consume;
    prototype.consume = async function (this: typeof prototype): Promise<void> {
      const ctx = ProviderClass.ctx;
      if (ctx?.oidc?.route === 'token') checkTokenTarget(ctx, resource, this);
      return consume.call(this);
    };
  }
}
