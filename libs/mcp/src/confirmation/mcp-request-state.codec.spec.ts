import { McpRequestStateSigner } from './mcp-request-state.codec';
import { confirmationDigest } from './mcp-confirmation-digest.util';
import type { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';

const KEY = { organization_id: 'o', subject: 's', client_id: 'c', tool: 't', args_digest: confirmationDigest({ a: 1 }) };
const signer = (secret: McpResolvedOptions['confirmationSecret']) =>
  new McpRequestStateSigner({ confirmationSecret: secret, confirmationTtlSeconds: 300 } as McpResolvedOptions);

describe('McpRequestStateSigner', () => {
  const now = new Date('2026-07-28T12:00:00.000Z');

  it('issues a state that verifies to its key, a 5-minute expiry and a fresh nonce', () => {
    const first = signer('k').issue(KEY, now);
    const second = signer('k').issue(KEY, now);
    expect(signer('k').verify(first)).toEqual({ ...KEY, expires_at: now.getTime() + 300_000, nonce: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    expect(signer('k').verify(first)!.nonce).not.toBe(signer('k').verify(second)!.nonce);
  });

  it('refuses another key, an edited payload, a truncated signature and junk', () => {
    const state = signer('k').issue(KEY, now);
    const [payload, signature] = state.split('.');
    expect(signer('other').verify(state)).toBeUndefined();
    expect(signer('k').verify(`${payload}x.${signature}`)).toBeUndefined();
    expect(signer('k').verify(`${payload}.${signature.slice(1)}`)).toBeUndefined();
    for (const junk of ['', '.', 'a.b.c', 'x'.repeat(5000)]) expect(signer('k').verify(junk)).toBeUndefined();
  });

  it('reads a function secret at each use, so a host may load it after start-up', () => {
    let secret = 'first';
    const lazy = signer(() => secret);
    const state = lazy.issue(KEY, now);
    secret = 'second';
    expect(lazy.verify(state)).toBeUndefined();
  });
});

describe('confirmationDigest', () => {
  it('ignores key order and idempotency_key, and nothing else', () => {
    expect(confirmationDigest({ a: 1, b: { d: 2, c: [1, { y: 1, x: 2 }] } })).toBe(
      confirmationDigest({ b: { c: [1, { x: 2, y: 1 }], d: 2 }, a: 1, idempotency_key: 'k' }),
    );
    expect(confirmationDigest({ a: 1 })).not.toBe(confirmationDigest({ a: 2 }));
    expect(confirmationDigest({ a: [1, 2] })).not.toBe(confirmationDigest({ a: [2, 1] }));
    expect(confirmationDigest({})).toBe('44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a');
  });
});
