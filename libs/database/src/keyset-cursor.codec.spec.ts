import { decodeKeysetCursor, encodeKeysetCursor } from './keyset-cursor.codec';

describe('keyset cursor codec', () => {
  const key = { time: '2026-01-02T03:04:05.678Z', id: '0b6f2c3e-1111-4a2b-9c3d-123456789abc' };

  it('round-trips the sort key as opaque base64url of [time, id]', () => {
    const cursor = encodeKeysetCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))).toEqual([key.time, key.id]);
    expect(decodeKeysetCursor(cursor)).toEqual(key);
  });

  const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  it.each([
    ['not base64url', 'abc$%'],
    ['not JSON', Buffer.from('{oops').toString('base64url')],
    ['an object', forge({ time: key.time, id: key.id })],
    ['three elements', forge([key.time, key.id, 1])],
    ['a date that is not ISO', forge(['yesterday', key.id])],
    ['an impossible date', forge(['2026-13-45T99:99:99.999Z', key.id])],
    ['an id with SQL in it', forge([key.time, "x' OR 1=1 --"])],
    ['a number for a date', forge([1, key.id])],
  ])('answers undefined for %s', (_label, cursor) => {
    expect(decodeKeysetCursor(cursor)).toBeUndefined();
  });
});
