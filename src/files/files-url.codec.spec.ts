import { ConfigService } from '@nestjs/config';
import { KaduConfig } from '../config/kadu-config.interface';
import { SecretsService } from '@kobana/host-kit';
import { KaduSecretName } from '../secrets/secrets.constants';
import { FilesUrlSigner } from './files-url.codec';

describe('FilesUrlSigner', () => {
  const secrets = { get: () => 's'.repeat(43) } as unknown as SecretsService<KaduSecretName>;
  const config = new ConfigService({ PUBLIC_URL: 'https://kadu.example.com' }) as ConfigService<KaduConfig, true>;
  const signer = new FilesUrlSigner(secrets, config);
  const now = new Date('2025-01-01T00:00:00Z');
  const expiresAt = new Date(now.getTime() + 60_000);
  const query = (url: string) => Object.fromEntries(new URL(url).searchParams) as { expires: string; signature: string };

  it('signs a URL on the public origin that verifies for the same method, organization and file', () => {
    const { url, expires_at } = signer.sign('PUT', 'org-a', 'file-1', expiresAt);
    expect(url).toMatch(/^https:\/\/kadu\.example\.com\/api\/v1\/files\/file-1\/content\?expires=\d+&signature=[0-9a-f]{64}$/);
    expect(expires_at).toBe(expiresAt.toISOString());
    const { expires, signature } = query(url);
    expect(signer.verify('PUT', 'org-a', 'file-1', expires, signature, now)).toBe('ok');
  });

  it.each([
    ['another method', 'GET', 'org-a', 'file-1'],
    ['another organization', 'PUT', 'org-b', 'file-1'],
    ['another file', 'PUT', 'org-a', 'file-2'],
  ] as const)('refuses the signature for %s', (_label, method, organization, id) => {
    const { expires, signature } = query(signer.sign('PUT', 'org-a', 'file-1', expiresAt).url);
    expect(signer.verify(method, organization, id, expires, signature, now)).toBe('invalid');
  });

  it('refuses a forged signature or a stretched expiry, and malformed values', () => {
    const { expires, signature } = query(signer.sign('GET', 'org-a', 'file-1', expiresAt).url);
    const flipped = (signature[0] === '0' ? '1' : '0') + signature.slice(1);
    expect(signer.verify('GET', 'org-a', 'file-1', expires, flipped, now)).toBe('invalid');
    expect(signer.verify('GET', 'org-a', 'file-1', String(Number(expires) + 3600), signature, now)).toBe('invalid');
    expect(signer.verify('GET', 'org-a', 'file-1', expires, 'short', now)).toBe('invalid');
    expect(signer.verify('GET', 'org-a', 'file-1', undefined, signature, now)).toBe('invalid');
    expect(signer.verify('GET', 'org-a', 'file-1', ['1', '2'], signature, now)).toBe('invalid');
  });

  it('says expired once the time has passed, but only for a genuine signature', () => {
    const { expires, signature } = query(signer.sign('GET', 'org-a', 'file-1', expiresAt).url);
    expect(signer.verify('GET', 'org-a', 'file-1', expires, signature, new Date(expiresAt.getTime() + 1000))).toBe('expired');
  });

  it('does not verify under another signing secret', () => {
    const { expires, signature } = query(signer.sign('GET', 'org-a', 'file-1', expiresAt).url);
    const other = new FilesUrlSigner({ get: () => 't'.repeat(43) } as unknown as SecretsService<KaduSecretName>, config);
    expect(other.verify('GET', 'org-a', 'file-1', expires, signature, now)).toBe('invalid');
  });
});
