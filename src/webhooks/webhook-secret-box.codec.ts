import { Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { SecretsService } from '@kobana/host-kit';
import { KaduSecretName } from '../secrets/secrets.constants';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * Seals secrets Kadu must read back (webhook signing secrets) with
 * AES-256-GCM under `KADU_ENCRYPTION_KEY`. A hash would not do: the secret
 * signs every delivery. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url),
 * the version leaving room for a key rotation later.
 */
@Injectable()
export class WebhookSecretBox {
  constructor(private readonly secrets: SecretsService<KaduSecretName>) {}

  /** Encrypts `plaintext` with a fresh random IV. */
  seal(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key(), iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** @throws Error when the value was tampered with or sealed under another key. */
  open(sealed: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Unreadable sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** The configured key is text of any length ≥ 32; SHA-256 makes it exactly the 32 bytes AES-256 needs. */
  private key(): Buffer {
    return createHash('sha256')
      .update(`kadu-secret-box-v1\n${this.secrets.get('KADU_ENCRYPTION_KEY')}`)
      .digest();
  }
}
