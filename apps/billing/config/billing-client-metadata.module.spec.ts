import { ConfigModule } from '@nestjs/config';
import { Test } from '@nestjs/testing';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { ConfigurationError, Environment } from '@kobana/host-kit';
import { ClientMetadataDocuments, ClientMetadataPolicyError, ClientMetadataSource } from '@kobana/oauth';
import { BillingClientMetadataModule } from './billing-client-metadata.module';
import { loadBillingConfig } from './billing-config.loader';

describe('BillingClientMetadataModule', () => {
  let dir: string;
  let caFile: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'billing-client-metadata-'));
    caFile = join(dir, 'ca.pem');
    // Only the certificate is written: the key of a test certificate never touches the disk.
    writeFileSync(caFile, (await generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048, algorithm: 'sha256' })).cert);
    writeFileSync(join(dir, 'not-pem.txt'), 'hello');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Compiles and initialises (as start-up does) the module with Billing's configuration loaded from `env`, under NODE_ENV=`nodeEnv`. */
  async function sourceWith(env: Environment, nodeEnv = 'test'): Promise<ClientMetadataSource> {
    const saved = process.env.NODE_ENV;
    process.env.NODE_ENV = nodeEnv;
    try {
      const moduleRef = await Test.createTestingModule({
        imports: [ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, load: [() => loadBillingConfig(env)] }), BillingClientMetadataModule],
      }).compile();
      await moduleRef.init();
      return moduleRef.get<ClientMetadataSource>(ClientMetadataSource);
    } finally {
      process.env.NODE_ENV = saved;
    }
  }

  it('provides the ClientMetadataSource token with the defaults', async () => {
    const source = await sourceWith({});
    expect(source).toBeInstanceOf(ClientMetadataDocuments);
    expect(source.isMetadataUrl('https://app.example/client.json')).toBe(true);
  });

  it('starts with BILLING_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK and a readable CA file outside production', async () => {
    await expect(sourceWith({ BILLING_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: 'true', BILLING_OAUTH_CLIENT_METADATA_CA_FILE: caFile })).resolves.toBeInstanceOf(
      ClientMetadataDocuments,
    );
  });

  it('refuses BILLING_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK with NODE_ENV=production, saying what to unset', async () => {
    const failure = await sourceWith({ BILLING_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: 'true' }, 'production').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ClientMetadataPolicyError);
    expect((failure as Error).message).toBe(
      'Refusing to start with NODE_ENV=production: BILLING_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK lets client metadata documents come from loopback addresses, which is for development only. Unset it.',
    );
    await expect(sourceWith({ BILLING_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: 'false' }, 'production')).resolves.toBeInstanceOf(ClientMetadataDocuments);
  });

  it.each([
    ['missing', () => join(dir, 'absent.pem'), /BILLING_OAUTH_CLIENT_METADATA_CA_FILE: cannot read .*absent\.pem \(ENOENT\)/],
    ['a directory', () => dir, /BILLING_OAUTH_CLIENT_METADATA_CA_FILE: cannot read .* \(EISDIR\)/],
    ['not PEM', () => join(dir, 'not-pem.txt'), /BILLING_OAUTH_CLIENT_METADATA_CA_FILE: .*not-pem\.txt holds no PEM certificate/],
  ])('fails at start-up when BILLING_OAUTH_CLIENT_METADATA_CA_FILE is %s', async (_why, path, message) => {
    const failure = await sourceWith({ BILLING_OAUTH_CLIENT_METADATA_CA_FILE: path() }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConfigurationError);
    expect((failure as ConfigurationError).problems).toEqual([expect.stringMatching(message)]);
  });
});
