import { Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Kysely } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestDatabase } from '../../test/support/test-database';
import { KaduConfig } from '../config/kadu-config.interface';
import { openKaduDatabase } from '../database/kadu-database.factory';
import { KaduDatabase } from '../database/kadu-database.interface';
import { SecretsService } from './secrets.service';

function configWith(values: Partial<KaduConfig>): ConfigService<KaduConfig, true> {
  return new ConfigService(values) as ConfigService<KaduConfig, true>;
}

async function loaded(db: Kysely<KaduDatabase>, values: Partial<KaduConfig> = {}): Promise<SecretsService> {
  const secrets = new SecretsService(db, configWith(values));
  await secrets.onModuleInit();
  return secrets;
}

describe('SecretsService', () => {
  const envSecret = process.env.KADU_SIGNING_SECRET;
  beforeAll(() => {
    delete process.env.KADU_SIGNING_SECRET;
    delete process.env.KADU_ENCRYPTION_KEY;
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterAll(() => {
    if (envSecret !== undefined) process.env.KADU_SIGNING_SECRET = envSecret;
    jest.restoreAllMocks();
  });

  it('generates a 256-bit secret on first start and keeps it in the database', async () => {
    const db = await openTestDatabase();
    try {
      const first = (await loaded(db)).get('KADU_SIGNING_SECRET');
      expect(Buffer.from(first, 'base64url')).toHaveLength(32);
      expect((await loaded(db)).get('KADU_SIGNING_SECRET')).toBe(first);
      expect(await db.selectFrom('secrets').select(['name', 'value']).where('name', '=', 'KADU_SIGNING_SECRET').execute()).toEqual([
        { name: 'KADU_SIGNING_SECRET', value: first },
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('gives replicas sharing a database the same secret, even when they start together', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kadu-secrets-'));
    const url = `sqlite:${join(dir, 'kadu.sqlite')}`;
    const [a, b] = [await openKaduDatabase(url), await openKaduDatabase(url)];
    try {
      const [one, two] = await Promise.all([loaded(a.db), loaded(b.db)]);
      expect(one.get('KADU_SIGNING_SECRET')).toBe(two.get('KADU_SIGNING_SECRET'));
    } finally {
      await Promise.all([a.db.destroy(), b.db.destroy()]);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prefers the environment and then stores nothing', async () => {
    const db = await openTestDatabase();
    try {
      const fromEnv = 's'.repeat(40);
      expect((await loaded(db, { KADU_SIGNING_SECRET: fromEnv })).get('KADU_SIGNING_SECRET')).toBe(fromEnv);
      expect(await db.selectFrom('secrets').selectAll().where('name', '=', 'KADU_SIGNING_SECRET').execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('generates the encryption key apart from the signing secret', async () => {
    const db = await openTestDatabase();
    try {
      const secrets = await loaded(db);
      expect(Buffer.from(secrets.get('KADU_ENCRYPTION_KEY'), 'base64url')).toHaveLength(32);
      expect(secrets.get('KADU_ENCRYPTION_KEY')).not.toBe(secrets.get('KADU_SIGNING_SECRET'));
    } finally {
      await db.destroy();
    }
  });

  it('refuses to hand out a secret before it is loaded', async () => {
    const db = await openTestDatabase();
    try {
      expect(() => new SecretsService(db, configWith({})).get('KADU_SIGNING_SECRET')).toThrow(/not loaded/);
    } finally {
      await db.destroy();
    }
  });
});
