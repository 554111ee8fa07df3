/**
 * A host's client metadata module, the same cases on every host: it provides
 * `ClientMetadataSource` with the defaults, accepts the loopback switch and a
 * readable CA file outside production, refuses the loopback switch with
 * NODE_ENV=production (saying what to unset), and fails at start-up on a CA
 * file it cannot use, naming the variable.
 */
import type { DynamicModule, Type } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { Test } from '@nestjs/testing';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { ConfigurationError, Environment } from '@kobana/host-kit';
import { ClientMetadataDocuments, ClientMetadataPolicyError, ClientMetadataSource } from '@kobana/oauth';

/** What the cases need of a host. */
export interface ClientMetadataModuleHost {
  /** The module under test (the describe block's name). */
  module: Type<unknown> | DynamicModule;
  /** The module's name in the describe block. */
  name: string;
  /** The host's variable prefix: `KADU`, `BILLING`. */
  prefix: string;
  /** The host's configuration loader. */
  loadConfig(env: Environment): object;
}

/** Registers the cases for `host`. */
export function describeClientMetadataModule(host: ClientMetadataModuleHost): void {
  const ALLOW_LOOPBACK = `${host.prefix}_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK`;
  const CA_FILE = `${host.prefix}_OAUTH_CLIENT_METADATA_CA_FILE`;

  describe(host.name, () => {
    let dir: string;
    let caFile: string;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), `${host.prefix.toLowerCase()}-client-metadata-`));
      caFile = join(dir, 'ca.pem');
      // Only the certificate is written: the key of a test certificate never touches the disk.
      writeFileSync(caFile, (await generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048, algorithm: 'sha256' })).cert);
      writeFileSync(join(dir, 'not-pem.txt'), 'hello');
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    /** Compiles and initialises (as start-up does) the module with the host's configuration loaded from `env`, under NODE_ENV=`nodeEnv`. */
    async function sourceWith(env: Environment, nodeEnv = 'test'): Promise<ClientMetadataSource> {
      const saved = process.env.NODE_ENV;
      process.env.NODE_ENV = nodeEnv;
      try {
        const moduleRef = await Test.createTestingModule({
          imports: [ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, load: [() => host.loadConfig(env) as Record<string, unknown>] }), host.module],
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

    it(`starts with ${ALLOW_LOOPBACK} and a readable CA file outside production`, async () => {
      await expect(sourceWith({ [ALLOW_LOOPBACK]: 'true', [CA_FILE]: caFile })).resolves.toBeInstanceOf(ClientMetadataDocuments);
    });

    it(`refuses ${ALLOW_LOOPBACK} with NODE_ENV=production, saying what to unset`, async () => {
      const failure = await sourceWith({ [ALLOW_LOOPBACK]: 'true' }, 'production').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ClientMetadataPolicyError);
      expect((failure as Error).message).toBe(
        `Refusing to start with NODE_ENV=production: ${ALLOW_LOOPBACK} lets client metadata documents come from loopback addresses, which is for development only. Unset it.`,
      );
      await expect(sourceWith({ [ALLOW_LOOPBACK]: 'false' }, 'production')).resolves.toBeInstanceOf(ClientMetadataDocuments);
    });

    it.each([
      ['missing', () => join(dir, 'absent.pem'), new RegExp(`${CA_FILE}: cannot read .*absent\\.pem \\(ENOENT\\)`)],
      ['a directory', () => dir, new RegExp(`${CA_FILE}: cannot read .* \\(EISDIR\\)`)],
      ['not PEM', () => join(dir, 'not-pem.txt'), new RegExp(`${CA_FILE}: .*not-pem\\.txt holds no PEM certificate`)],
    ])(`fails at start-up when ${CA_FILE} is %s`, async (_why, path, message) => {
      const failure = await sourceWith({ [CA_FILE]: path() }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ConfigurationError);
      expect((failure as ConfigurationError).problems).toEqual([expect.stringMatching(message)]);
    });
  });
}
