import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TokenAudience } from './identity.types';

/** Random bytes in a token's secret: 256 bits, so a plain SHA-256 needs no salt or stretching. */
export const TOKEN_SECRET_BYTES = 32;

// kadu_<audience>_<uuid>_<43 base64url chars>. The uuid has no '_', so the
// secret (whose alphabet includes '_') is whatever follows the third '_'.
const TOKEN_PATTERN =
  /^kadu_(mcp|api)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

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

/** `kadu_<audience>_<id>_<secret>`. The prefix lets secret scanners recognise a leaked token. */
export function formatAccessToken(audience: TokenAudience, id: string, secret: string): string {
  return `kadu_${audience}_${id}_${secret}`;
}

/** Splits a token, or `null` when it is not one of Kadu's. */
export function parseAccessToken(token: string): ParsedAccessToken | null {
  const match = TOKEN_PATTERN.exec(token);
  return match ? { audience: match[1] as TokenAudience, id: match[2], secret: match[3] } : null;
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
