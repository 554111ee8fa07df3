import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { KaduConfig } from '../config/kadu-config.interface';
import { SecretsService } from '@kobana/host-kit';
import { KaduSecretName } from '../secrets/secrets.constants';
import { fileContentPath } from './files.constants';

/** The method a signed URL grants: upload or download, never both. */
export type SignedFileMethod = 'PUT' | 'GET';

/** Why a signed URL was refused; `ok` when it grants the request. */
export type SignedUrlVerdict = 'ok' | 'invalid' | 'expired';

/** A URL and when it stops working. */
export interface SignedFileUrl {
  url: string;
  expires_at: string;
}

/**
 * Presigned URLs of file content: `?expires=<unix s>&signature=<hex>`, the
 * HMAC-SHA256 under `KADU_SIGNING_SECRET` of the method, path, organization
 * and expiry. The signature is the whole authority of such a request (no
 * bearer token), so it binds everything the request may do; the label keeps
 * these MACs apart from any other use of the same key.
 */
@Injectable()
export class FilesUrlSigner {
  constructor(
    private readonly secrets: SecretsService<KaduSecretName>,
    private readonly config: ConfigService<KaduConfig, true>,
  ) {}

  /** A URL granting `method` on the file's content until `expiresAt` (rounded down to the second). */
  sign(method: SignedFileMethod, organizationId: string, id: string, expiresAt: Date): SignedFileUrl {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    const signature = this.mac(method, organizationId, id, expires);
    const url = `${this.config.get('PUBLIC_URL', { infer: true })}${fileContentPath(id)}?expires=${expires}&signature=${signature}`;
    return { url, expires_at: new Date(expires * 1000).toISOString() };
  }

  /** Checks a presented URL; a forged signature is `invalid` whatever its expiry says. */
  verify(method: SignedFileMethod, organizationId: string, id: string, expires: unknown, signature: unknown, now: Date = new Date()): SignedUrlVerdict {
    if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return 'invalid';
    if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
    const expected = Buffer.from(this.mac(method, organizationId, id, Number(expires)), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
    return Number(expires) * 1000 <= now.getTime() ? 'expired' : 'ok';
  }

  private mac(method: SignedFileMethod, organizationId: string, id: string, expires: number): string {
    const payload = ['kadu-file-url-v1', method, fileContentPath(id), organizationId, String(expires)].join('\n');
    return createHmac('sha256', this.secrets.get('KADU_SIGNING_SECRET')).update(payload).digest('hex');
  }
}
