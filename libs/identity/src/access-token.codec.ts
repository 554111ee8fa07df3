import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TokenAudience } from './identity.interface';

/** Random bytes in a token's secret: 256 bits, so a plain SHA-256 needs no salt or stretching. */
export const TOKEN_SECRET_BYTES = 32;

/** A host's token prefix: lower-case letters and digits, so it never holds the `_` that separates the parts. */
const TOKEN_PREFIX_PATTERN = /^[a-z][a-z0-9]*$/;

/** The three parts of a well-formed token. */
export interface ParsedAccessToken {
  audience: TokenAudience;
  id: string;
  secret: string;
}

/** A fresh random secret, base64url. */
export function generateTokenSecret(): string {
  return randomBytes(TOKEN_SECRET_BYTES).toString('base64url');
}

/**
 * A host's tokens: `<prefix>_<audience>_<id>_<secret>`. The prefix (`kadu`,
 * `kbill`) lets a secret scanner, and a person, tell which host a leaked
 * token opens; a token with another host's prefix does not parse.
 */
export class AccessTokenCodec {
  // <prefix>_<audience>_<uuid>_<43 base64url chars>. The uuid has no '_', so the
  // secret (whose alphabet includes '_') is whatever follows the third '_'.
  private readonly pattern: RegExp;

  /** @throws Error when `prefix` is not lower-case letters and digits. */
  constructor(readonly prefix: string) {
    if (!TOKEN_PREFIX_PATTERN.test(prefix)) throw new Error(`Invalid token prefix "${prefix}": use a-z and 0-9, starting with a letter`);
    this.pattern = new RegExp(`^${prefix}_(mcp|api)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([A-Za-z0-9_-]{43})$`);
  }

  /** `<prefix>_<audience>_<id>_<secret>`. */
  format(audience: TokenAudience, id: string, secret: string): string {
    return `${this.prefix}_${audience}_${id}_${secret}`;
  }

  /** How the token starts (`<prefix>_<audience>_<first 8 of the id>…`): recognisable, and opens nothing. */
  hint(audience: TokenAudience, id: string): string {
    return `${this.prefix}_${audience}_${id.slice(0, 8)}…`;
  }

  /** Splits a token, or `null` when it is not one of this host's. */
  parse(token: string): ParsedAccessToken | null {
    const match = this.pattern.exec(token);
    return match ? { audience: match[1] as TokenAudience, id: match[2], secret: match[3] } : null;
  }
}

/** What is stored instead of the secret: its SHA-256, hex. */
export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Compares two hashes from {@link hashTokenSecret} in constant time. */
export function tokenHashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
