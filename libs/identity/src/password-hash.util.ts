import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// 2^15 × 8 × 128 bytes = 32 MiB per hash: costly to brute-force, quick enough for a sign-in.
const COST = { N: 32768, r: 8, p: 1 };
const KEY_BYTES = 64;
const SALT_BYTES = 16;
// Room to raise N to 2^16 later; a corrupt hash asking for more is refused rather than served.
const MAX_MEMORY_BYTES = 128 * 1024 * 1024;

/**
 * Hashes a password with scrypt and a random salt. The parameters travel in
 * the result (`scrypt$N$r$p$salt$hash`) so they can be raised later without
 * invalidating older hashes.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Checks a password against a hash from {@link hashPassword}, in constant time; `false` for a malformed hash. */
export async function verifyPasswordHash(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  try {
    const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  } catch {
    return false; // parameters scrypt refuses: a corrupt hash, not a match
  }
}

let unusable: Promise<string> | undefined;

/**
 * A hash no password matches (its input is random and forgotten), checked
 * against when there is no real hash, so "no such user" and "wrong password"
 * take the same time.
 */
export function unusablePasswordHash(): Promise<string> {
  unusable ??= hashPassword(randomBytes(32).toString('base64url'));
  return unusable;
}

/** A random password for a generated account: 144 bits, URL-safe, easy to paste. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

function derive(password: string, salt: Buffer, cost: typeof COST): Promise<Buffer> {
  const options = { ...cost, maxmem: MAX_MEMORY_BYTES };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))));
}
