import { isClientMetadataUrl } from './client-metadata-url.policy';

describe('isClientMetadataUrl', () => {
  it.each([
    'https://app.example.com/oauth/client.json',
    'https://app.example.com/c',
    'https://app.example.com:8443/client?v=2',
    'https://127.0.0.1/client.json',
  ])('accepts %s', (clientId) => {
    expect(isClientMetadataUrl(clientId)).toBe(true);
  });

  it.each([
    ['http', 'http://app.example.com/client.json'],
    ['no path', 'https://app.example.com'],
    ['the path /', 'https://app.example.com/'],
    ['a fragment', 'https://app.example.com/client.json#x'],
    ['an empty fragment', 'https://app.example.com/client.json#'],
    ['a user', 'https://user@app.example.com/client.json'],
    ['a user and password', 'https://user:pw@app.example.com/client.json'],
    ['a . segment', 'https://app.example.com/./client.json'],
    ['a .. segment', 'https://app.example.com/a/../client.json'],
    ['a trailing ..', 'https://app.example.com/a/..'],
    ['an encoded .. segment', 'https://app.example.com/a/%2E%2e/client.json'],
    ['a registered client id', 'kbill_client_1234'],
    ['a uuid', '0f8fad5b-d9cb-469f-a165-70867728950e'],
    ['not a URL', 'https://'],
    ['another scheme', 'ftp://app.example.com/client.json'],
  ])('refuses %s', (_why, clientId) => {
    expect(isClientMetadataUrl(clientId)).toBe(false);
  });

  it('keeps a segment that only contains dots among other characters', () => {
    expect(isClientMetadataUrl('https://app.example.com/v1.0/..client.json')).toBe(true);
  });
});
