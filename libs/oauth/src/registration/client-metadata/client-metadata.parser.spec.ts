import { ClientMetadataError } from './client-metadata.error';
import { validateClientMetadata } from './client-metadata.parser';

const URL_ = 'https://app.example.com/client.json';
const good = { client_id: URL_, client_name: 'Example', redirect_uris: ['https://app.example.com/callback', 'http://127.0.0.1:3334/cb'] };

describe('validateClientMetadata', () => {
  it('returns the document normalized: known fields only, a public client', () => {
    expect(
      validateClientMetadata(URL_, { ...good, grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], extra: 1, jwks: {} }),
    ).toEqual({
      client_id: URL_,
      client_name: 'Example',
      redirect_uris: good.redirect_uris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
  });

  it('accepts a native application redirect URI of a private-use scheme', () => {
    expect(validateClientMetadata(URL_, { ...good, redirect_uris: ['com.example.app:/oauth/callback'] }).redirect_uris).toEqual([
      'com.example.app:/oauth/callback',
    ]);
  });

  it('accepts token_endpoint_auth_method none and the optional strings', () => {
    expect(
      validateClientMetadata(URL_, {
        ...good,
        token_endpoint_auth_method: 'none',
        client_uri: 'https://app.example.com',
        logo_uri: 'https://app.example.com/l.png',
        scope: 'a b',
      }),
    ).toMatchObject({ token_endpoint_auth_method: 'none', client_uri: 'https://app.example.com', scope: 'a b' });
  });

  it.each([
    ['not an object', [good], 'is not a JSON object'],
    ['null', null, 'is not a JSON object'],
    ['a client_id that is another URL', { ...good, client_id: 'https://app.example.com/other.json' }, 'has a client_id that is not its own URL'],
    ['a client_id that differs only by case', { ...good, client_id: URL_.toUpperCase() }, 'has a client_id that is not its own URL'],
    ['no client_id', { redirect_uris: good.redirect_uris }, 'has a client_id that is not its own URL'],
    ['client_secret_basic', { ...good, token_endpoint_auth_method: 'client_secret_basic' }, 'token_endpoint_auth_method must be "none" or absent'],
    ['client_secret_post', { ...good, token_endpoint_auth_method: 'client_secret_post' }, 'token_endpoint_auth_method must be "none"'],
    ['private_key_jwt', { ...good, token_endpoint_auth_method: 'private_key_jwt' }, 'token_endpoint_auth_method must be "none"'],
    ['a client_secret', { ...good, client_secret: 'x' }, 'client_secret must not be present'],
    ['no redirect_uris', { client_id: URL_ }, 'redirect_uris must be a non-empty array'],
    ['empty redirect_uris', { ...good, redirect_uris: [] }, 'redirect_uris must be a non-empty array'],
    ['a relative redirect URI', { ...good, redirect_uris: ['/callback'] }, 'redirect_uris must all be absolute URLs'],
    ['a javascript: redirect URI', { ...good, redirect_uris: ['javascript:alert(1)'] }, 'redirect_uris must all be absolute URLs'],
    ['a data: redirect URI', { ...good, redirect_uris: ['data:text/html,hi'] }, 'redirect_uris must all be absolute URLs'],
    ['a redirect URI with a fragment', { ...good, redirect_uris: ['https://app.example.com/cb#x'] }, 'redirect_uris must all be absolute URLs'],
    ['a redirect URI that is not a string', { ...good, redirect_uris: [42] }, 'redirect_uris must all be absolute URLs'],
    ['a client_name that is not a string', { ...good, client_name: 7 }, 'client_name must be a string'],
    ['grant_types without authorization_code', { ...good, grant_types: ['client_credentials'] }, 'grant_types must include authorization_code'],
    ['grant_types not an array', { ...good, grant_types: 'authorization_code' }, 'grant_types must be an array of strings'],
    ['response_types without code', { ...good, response_types: ['token'] }, 'response_types must include code'],
    ['a client_name of 201 characters', { ...good, client_name: 'x'.repeat(201) }, 'is invalid: the field client_name must be at most 200 characters'],
    ['a client_name with a lone surrogate', { ...good, client_name: 'x\ud800' }, 'is invalid: the field client_name must be well-formed Unicode text'],
    [
      '11 redirect URIs',
      { ...good, redirect_uris: Array.from({ length: 11 }, (_, n) => `https://app.example.com/${n}`) },
      'the field redirect_uris may hold at most 10',
    ],
  ])('refuses %s, saying why', (_why, document, reason) => {
    let caught: unknown;
    try {
      validateClientMetadata(URL_, document);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ClientMetadataError);
    expect((caught as ClientMetadataError).error).toBe('invalid_client');
    expect((caught as Error).message).toContain(`the client metadata document at ${URL_}`);
    expect((caught as Error).message).toContain(reason);
  });
});
