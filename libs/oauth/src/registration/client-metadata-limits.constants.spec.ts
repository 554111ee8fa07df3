import { CLIENT_METADATA_LIMITS, clientMetadataOverLimit } from './client-metadata-limits.constants';

const uris = (count: number) => Array.from({ length: count }, (_, n) => `https://app.example/cb/${n}`);

describe('clientMetadataOverLimit', () => {
  it('accepts what a real client registers, up to every bound', () => {
    expect(clientMetadataOverLimit({ client_name: 'Claude Desktop', redirect_uris: ['http://127.0.0.1:33418/callback'] })).toBeUndefined();
    expect(
      clientMetadataOverLimit({
        client_name: 'é'.repeat(CLIENT_METADATA_LIMITS.clientNameLength - 1) + '😀',
        redirect_uris: [`https://app.example/${'a'.repeat(CLIENT_METADATA_LIMITS.textLength - 20)}`, ...uris(9)],
        client_uri: `https://app.example/${'b'.repeat(1900)}`,
        grant_types: ['authorization_code', 'refresh_token'],
        jwks: { keys: [] },
        default_max_age: 5,
        require_auth_time: false,
      }),
    ).toBeUndefined();
  });

  it.each([
    ['a client_name of 201 characters', { client_name: 'x'.repeat(201) }, 'the field client_name must be at most 200 characters'],
    ['a 50,000-character client_name', { client_name: 'x'.repeat(50_000) }, 'the field client_name must be at most 200 characters'],
    [
      'a client_name with a lone surrogate',
      { client_name: 'App \ud800 name' },
      'the field client_name must be well-formed Unicode text (it holds a lone surrogate)',
    ],
    ['a client_name with a lone low surrogate', { client_name: '\udfffApp' }, 'the field client_name must be well-formed Unicode text'],
    ['11 redirect URIs', { redirect_uris: uris(11) }, 'the field redirect_uris may hold at most 10 entries (got 11)'],
    ['2,000 redirect URIs', { redirect_uris: uris(2000) }, 'the field redirect_uris may hold at most 10 entries (got 2000)'],
    [
      'a redirect URI of 2,001 characters',
      { redirect_uris: ['https://app.example/cb', `https://app.example/${'a'.repeat(1981)}`] },
      'each entry of the field redirect_uris must be well-formed text of at most 2000 characters (redirect_uris[1] is not)',
    ],
    ['a long client_uri', { client_uri: `https://app.example/${'a'.repeat(2000)}` }, 'the field client_uri must be at most 2000 characters'],
    ['11 contacts', { contacts: Array.from({ length: 11 }, (_, n) => `a${n}@app.example`) }, 'the field contacts may hold at most 10 entries'],
    ['a large jwks', { jwks: { keys: [{ n: 'a'.repeat(9000) }] } }, 'the field jwks must be at most 8192 characters as JSON'],
  ])('refuses %s', (_why, metadata, reason) => {
    expect(clientMetadataOverLimit(metadata)).toContain(reason);
  });

  it('never starts with "redirect_uris", which oidc-provider would answer as invalid_redirect_uri', () => {
    expect(clientMetadataOverLimit({ redirect_uris: uris(11) })).not.toMatch(/^redirect_uris/);
  });
});
