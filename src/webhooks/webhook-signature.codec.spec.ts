import { createHmac } from 'node:crypto';
import { generateWebhookSecret, signWebhookPayload, verifyWebhookSignature } from './webhook-signature.codec';

describe('webhook signatures', () => {
  const secret = generateWebhookSecret();
  const body = '{"id":"evt","type":"execution.finished"}';
  const now = new Date('2025-01-01T00:00:00Z');
  const t = Math.floor(now.getTime() / 1000);

  it('is t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>"> keyed by the secret', () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(signWebhookPayload(secret, body, t)).toBe(`t=${t},v1=${expected}`);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });

  it('verifies a genuine signature within the tolerance', () => {
    expect(verifyWebhookSignature(secret, signWebhookPayload(secret, body, t - 60), body, { now })).toBe(true);
  });

  it.each([
    ['another secret', () => signWebhookPayload(generateWebhookSecret(), body, t), body],
    ['a changed body', () => signWebhookPayload(secret, body, t), body.replace('evt', 'evu')],
    ['a forged MAC', () => `t=${t},v1=${'0'.repeat(64)}`, body],
    ['a moved timestamp', () => signWebhookPayload(secret, body, t).replace(`t=${t}`, `t=${t + 1}`), body],
    ['an expired timestamp', () => signWebhookPayload(secret, body, t - 301), body],
    ['a future timestamp', () => signWebhookPayload(secret, body, t + 301), body],
    ['no header', () => undefined, body],
    ['garbage', () => 'v1=zz,t=x', body],
  ])('refuses %s', (_label, header, received) => {
    expect(verifyWebhookSignature(secret, header(), received, { now })).toBe(false);
  });
});
