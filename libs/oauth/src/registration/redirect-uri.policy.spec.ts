import { applicationTypeOf, isAllowedRedirectUri } from './redirect-uri.policy';

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

describe('applicationTypeOf', () => {
  it('keeps what the client declares', () => {
    expect(applicationTypeOf(['http://127.0.0.1/cb'], 'web')).toBe('web');
    expect(applicationTypeOf(['https://app.example/cb'], 'native')).toBe('native');
  });

  it('makes native a client that declares nothing and redirects only to loopback http', () => {
    expect(applicationTypeOf(['http://127.0.0.1:8976/cb', 'http://[::1]/cb', 'http://localhost/cb'], undefined)).toBe('native');
    expect(applicationTypeOf(['http://127.0.0.1/cb', 'https://app.example/cb'], undefined)).toBe('web');
    expect(applicationTypeOf(['https://127.0.0.1/cb'], undefined)).toBe('web');
    expect(applicationTypeOf([], undefined)).toBe('web');
    expect(applicationTypeOf('http://127.0.0.1/cb', undefined)).toBe('web');
    expect(applicationTypeOf([42], undefined)).toBe('web');
  });
});
