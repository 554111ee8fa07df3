import { isAllowedRedirectUri } from './redirect-uri.policy';

describe('isAllowedRedirectUri', () => {
  it.each(['https://app.example/cb', 'https://app.example:8443/cb?x=1', 'http://127.0.0.1:33418/cb', 'http://[::1]/cb', 'http://localhost:8080/callback'])(
    'allows %s',
    (uri) => expect(isAllowedRedirectUri(uri)).toBe(true),
  );

  it.each([
    'http://app.example/cb',
    'com.example.app:/cb',
    'javascript:alert(1)',
    'https://app.example/cb#frag',
    'https://user:pw@app.example/cb',
    'not a url',
    'http://127.0.0.2/cb',
  ])('refuses %s', (uri) => expect(isAllowedRedirectUri(uri)).toBe(false));
});
