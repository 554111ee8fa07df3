import { providerAnswers } from './oauth-routes.service';

describe('providerAnswers (which requests the authorization server gets)', () => {
  it.each([
    ['GET', '/authorize'],
    ['HEAD', '/authorize'],
    ['GET', '/authorize/Zx9_-a'],
    ['POST', '/token'],
    ['OPTIONS', '/token'],
    ['POST', '/revoke'],
    ['OPTIONS', '/revoke'],
    ['POST', '/register'],
    ['GET', '/register/abc'],
    ['GET', '/jwks'],
    ['OPTIONS', '/jwks'],
    ['GET', '/.well-known/openid-configuration'],
    ['GET', '/.well-known/oauth-authorization-server'],
  ])('%s %s: the provider', (method, path) => expect(providerAnswers(method, path, method === 'OPTIONS')).toBe(true));

  it.each([
    // POST /authorize is off in the provider (GET only): it would answer a bare text "Not Found".
    ['POST', '/authorize'],
    ['PUT', '/token'],
    ['GET', '/token'],
    ['DELETE', '/jwks'],
    ['POST', '/jwks'],
    ['GET', '/register'],
    // Registration management (RFC 7592 update and delete) is off: a client is changed by registering anew.
    ['PUT', '/register/abc'],
    ['DELETE', '/register/abc'],
    ['GET', '/register/a.b'],
    ['POST', '/.well-known/openid-configuration'],
    ['GET', '/authorize/a.b'],
    ['GET', `/authorize/${'a'.repeat(65)}`],
    ['GET', '/tokens'],
    // An OPTIONS that is no CORS preflight (no Access-Control-Request-Method): the provider has no answer for it either.
    ['OPTIONS', '/token'],
    ['OPTIONS', '/jwks'],
  ])('%s %s: the host, as any unknown route', (method, path) => expect(providerAnswers(method, path)).toBe(false));
});
