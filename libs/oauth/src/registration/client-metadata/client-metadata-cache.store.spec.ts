import { ClientMetadataCache, freshnessSeconds } from './client-metadata-cache.store';

const limits = { defaultCacheSeconds: 300, maxCacheSeconds: 86_400 };
const document = (n: number) => ({ document: { client_id: `https://a.example/${n}`, redirect_uris: ['https://a.example/cb'] } });

describe('freshnessSeconds', () => {
  it.each([
    ['max-age=600', 600],
    ['public, max-age=60', 60],
    ['max-age="120"', 120],
    ['Max-Age=0', 0],
    ['max-age=999999', 86_400],
    ['no-store', 0],
    ['max-age=600, no-cache', 0],
    ['private, NO-STORE', 0],
    [undefined, 300],
    ['public', 300],
  ])('%s → %s', (header, seconds) => {
    expect(freshnessSeconds(header, limits)).toBe(seconds);
  });
});

describe('ClientMetadataCache', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => (now = 1_000_000));

  it('gives an entry back until it expires', () => {
    const cache = new ClientMetadataCache(10, clock);
    cache.set('a', document(1), 60);
    now += 59_999;
    expect(cache.get('a')).toEqual(document(1));
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps nothing for 0 seconds (no-store), and forgets what was there', () => {
    const cache = new ClientMetadataCache(10, clock);
    cache.set('a', document(1), 60);
    cache.set('a', document(2), 0);
    expect(cache.get('a')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the least recently used', () => {
    const cache = new ClientMetadataCache(2, clock);
    cache.set('a', document(1), 60);
    cache.set('b', document(2), 60);
    expect(cache.get('a')).toEqual(document(1));
    cache.set('c', document(3), 60);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual(document(1));
    expect(cache.get('c')).toEqual(document(3));
  });

  it('remembers failures as entries too', () => {
    const cache = new ClientMetadataCache(2, clock);
    const error = new Error('down');
    cache.set('a', { error }, 30);
    expect(cache.get('a')).toEqual({ error });
  });
});
