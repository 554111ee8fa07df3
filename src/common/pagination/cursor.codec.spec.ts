import { decodeCursor, encodeCursor, INVALID_CURSOR_MESSAGE } from './cursor.codec';

describe('cursor codec', () => {
  const key = { created_at: '2026-01-02T03:04:05.678Z', id: '0b6f2c3e-1111-4a2b-9c3d-123456789abc' };

  it('round-trips the sort key as opaque base64url', () => {
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(key);
  });

  const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  it.each([
    ['not base64url', 'abc$%'],
    ['not JSON', Buffer.from('{oops').toString('base64url')],
    ['an object', forge({ created_at: key.created_at, id: key.id })],
    ['three elements', forge([key.created_at, key.id, 1])],
    ['a date that is not ISO', forge(['yesterday', key.id])],
    ['an id with SQL in it', forge([key.created_at, "x' OR 1=1 --"])],
    ['a number for a date', forge([1, key.id])],
  ])('refuses %s with 400 and a clear message', (_label, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(INVALID_CURSOR_MESSAGE);
    try {
      decodeCursor(cursor);
    } catch (error) {
      expect((error as { getStatus(): number }).getStatus()).toBe(400);
    }
  });
});
