import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Header carrying the signature of a delivery: `t=<unix seconds>,v1=<hex>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Kadu-Signature';
/** Header carrying the delivery's id, the same on every retry: receivers deduplicate on it. */
export const WEBHOOK_DELIVERY_ID_HEADER = 'Kadu-Delivery-Id';
/** How old a signature a receiver should accept, by default: replays of older captures fail. */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

/** A new endpoint secret: `whsec_` and 256 random bits. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The `Kadu-Signature` value: HMAC-SHA256, keyed by the secret's UTF-8 text, of `"<t>.<body>"`. */
export function signWebhookPayload(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${mac(secret, timestamp, body)}`;
}

/**
 * What a receiver does with a delivery: recompute the MAC over the raw body
 * and compare in constant time, and refuse a timestamp outside the
 * tolerance. Any `v1` in the header may match (several appear during a rotation).
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  body: string,
  options: { toleranceSeconds?: number; now?: Date } = {},
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp)) return false;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? DEFAULT_SIGNATURE_TOLERANCE_SECONDS)) return false;
  const expected = Buffer.from(mac(secret, timestamp, body), 'hex');
  return parts
    .filter(([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/.test(value ?? ''))
    .some(([, value]) => timingSafeEqual(expected, Buffer.from(value, 'hex')));
}

function mac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}
