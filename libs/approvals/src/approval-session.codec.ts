import { createHmac, timingSafeEqual } from 'node:crypto';

/** `<id>.<HMAC-SHA256(id)>`, both base64url. */
export function signSessionId(id: string, key: Buffer): string {
  return `${id}.${createHmac('sha256', key).update(id).digest('base64url')}`;
}

/** The session id when the cookie value carries our signature; `undefined` otherwise. */
export function verifySessionCookie(value: string | undefined, key: Buffer): string | undefined {
  if (!value || value.length > 200) return undefined;
  const [id, signature, extra] = value.split('.');
  if (!id || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(signSessionId(id, key).split('.')[1]);
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
}

/** One cookie's value from a `Cookie` header (the hosts install no cookie parser). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The `Set-Cookie` value of cookie `name`: HttpOnly, SameSite=Lax, Path=/, Secure on an https origin. `maxAgeSeconds` 0 deletes it. */
export function sessionCookieHeader(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
