import { SecretsService } from '@kobana/host-kit';
import { KaduSecretName } from '../secrets/secrets.constants';
import { WebhookSecretBox } from './webhook-secret-box.codec';

describe('WebhookSecretBox', () => {
  const box = (key: string) => new WebhookSecretBox({ get: () => key } as unknown as SecretsService<KaduSecretName>);

  it('seals with a fresh IV each time and opens back', () => {
    const sealed = [box('k'.repeat(40)).seal('whsec_abc'), box('k'.repeat(40)).seal('whsec_abc')];
    expect(sealed[0]).not.toBe(sealed[1]);
    expect(sealed[0]).not.toContain('whsec_abc');
    expect(box('k'.repeat(40)).open(sealed[0])).toBe('whsec_abc');
  });

  it('refuses a tampered value or another key', () => {
    const sealed = box('k'.repeat(40)).seal('whsec_abc');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('x').toString('base64url');
    expect(() => box('k'.repeat(40)).open(parts.join('.'))).toThrow();
    expect(() => box('j'.repeat(40)).open(sealed)).toThrow();
  });
});
