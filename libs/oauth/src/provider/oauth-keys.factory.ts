import { createECDH, createHmac } from 'node:crypto';

/** A private EC key as a JWK, the shape oidc-provider's `jwks` takes. */
export interface OAuthSigningJwk {
  kty: 'EC';
  crv: 'P-256';
  kid: string;
  d: string;
  x: string;
  y: string;
  use: 'sig';
  alg: 'ES256';
}

/**
 * The authorization server's keys, each derived from the host's signing
 * secret with its own label (HMAC-SHA256 as a KDF), so every replica derives
 * the same ones without storing them.
 */
export class OAuthKeys {
  constructor(private readonly secret: () => string) {}

  /** Signs oidc-provider's cookies (its session and the interaction in progress). */
  cookieKey(): string {
    return this.derive('kobana/oauth-cookies').toString('base64url');
  }

  /**
   * The JWKS key. No token this server issues is a JWT (access tokens are
   * opaque, no ID token is asked for), but the library signs with it should a
   * client ask for `openid`; derived so every replica publishes the same one.
   */
  signingJwk(): OAuthSigningJwk {
    // A P-256 scalar must be below the group order; an HMAC output is with overwhelming probability (1 - 2^-32).
    const d = this.derive('kobana/oauth-jwks-p256');
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(d);
    const point = ecdh.getPublicKey(); // 0x04 || X || Y
    const x = point.subarray(1, 33).toString('base64url');
    const y = point.subarray(33, 65).toString('base64url');
    const kid = createHmac('sha256', 'kid').update(point).digest('base64url').slice(0, 16);
    return { kty: 'EC', crv: 'P-256', kid, d: d.toString('base64url'), x, y, use: 'sig', alg: 'ES256' };
  }

  private derive(label: string): Buffer {
    return createHmac('sha256', this.secret()).update(label).digest();
  }
}
