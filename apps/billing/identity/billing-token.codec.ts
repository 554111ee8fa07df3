import type { TokenAudience } from '../../../src/identity/identity.types';

// kbill_<audience>_<uuid>_<43 base64url chars>: Kadu's layout with Billing's prefix,
// so a secret scanner (and a person) can tell which host a leaked token opens.
const TOKEN_PATTERN =
  /^kbill_(mcp|api)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

/** `kbill_<audience>_<id>_<secret>`; the secret comes from Kadu's `generateTokenSecret`. */
export function formatBillingToken(audience: TokenAudience, id: string, secret: string): string {
  return `kbill_${audience}_${id}_${secret}`;
}

/** Splits a Billing token, or `null` when it is not one (a Kadu token included). */
export function parseBillingToken(token: string): { audience: TokenAudience; id: string; secret: string } | null {
  const match = TOKEN_PATTERN.exec(token);
  return match ? { audience: match[1] as TokenAudience, id: match[2], secret: match[3] } : null;
}
