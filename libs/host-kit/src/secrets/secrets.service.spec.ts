import { Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Kysely } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@kobana/database';
import { openMigratedTestDatabase } from '../../../../test/support/migrated-test.database';
import { createSecrets } from './secrets.migration';
import { SecretsOptions } from './secrets.options';
import { SecretsService } from './secrets.service';
import { SecretsPolicyError } from './secrets-policy.error';
import { SecretsDatabase } from './secrets.table';

/** A host's two secrets, which an operator may set in the environment (Kadu's). */
const OPTIONS: SecretsOptions<'KADU_SIGNING_SECRET' | 'KADU_ENCRYPTION_KEY'> = { names: ['KADU_SIGNING_SECRET', 'KADU_ENCRYPTION_KEY'], fromConfig: true };
const MIGRATIONS = { '0002_create_secrets': createSecrets };
const openTestDatabase = () => openMigratedTestDatabase<SecretsDatabase>(MIGRATIONS);

function configWith(values: Record<string, string>): ConfigService {
  return new ConfigService(values);
}

async function loaded(db: Kysely<SecretsDatabase>, values: Record<string, string> = {}): Promise<SecretsService<(typeof OPTIONS.names)[number]>> {
  const secrets = new SecretsService(db, OPTIONS, configWith(values));
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
    const [a, b] = [await openDatabase<SecretsDatabase>(url, MIGRATIONS), await openDatabase<SecretsDatabase>(url, MIGRATIONS)];
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
      expect(() => new SecretsService(db, OPTIONS, configWith({})).get('KADU_SIGNING_SECRET')).toThrow(/not loaded/);
    } finally {
      await db.destroy();
    }
  });

  it('ignores the configuration when the host only generates its secrets', async () => {
    const db = await openTestDatabase();
    try {
      const configured = 's'.repeat(40);
      const secrets = new SecretsService(db, { names: ['BILLING_SIGNING_SECRET'], fromConfig: false }, configWith({ BILLING_SIGNING_SECRET: configured }));
      await secrets.onModuleInit();
      expect(secrets.get('BILLING_SIGNING_SECRET')).not.toBe(configured);
      expect(await db.selectFrom('secrets').select('value').execute()).toEqual([{ value: secrets.get('BILLING_SIGNING_SECRET') }]);
    } finally {
      await db.destroy();
    }
  });

  describe('in production (NODE_ENV=production)', () => {
    const production = { NODE_ENV: 'production' };

    it('refuses to generate keys into the database, naming the variables to set, and stores nothing', async () => {
      const db = await openTestDatabase();
      try {
        const attempt = loaded(db, { ...production, KADU_SIGNING_SECRET: 's'.repeat(40) });
        await expect(attempt).rejects.toThrow(SecretsPolicyError);
        await expect(attempt).rejects.toThrow(
          'Refusing to start with NODE_ENV=production: KADU_ENCRYPTION_KEY is not set, and a key generated into the database it protects is refused. ' +
            'Set it in the environment, at least 32 random characters',
        );
        expect(await db.selectFrom('secrets').selectAll().execute()).toEqual([]);
      } finally {
        await db.destroy();
      }
    });

    it('refuses keys generated into the database by an earlier start too', async () => {
      const db = await openTestDatabase();
      try {
        await loaded(db);
        await expect(loaded(db, production)).rejects.toThrow(/KADU_SIGNING_SECRET, KADU_ENCRYPTION_KEY are not set, and a key generated into the database/);
      } finally {
        await db.destroy();
      }
    });

    it('starts with every key from the environment', async () => {
      const db = await openTestDatabase();
      try {
        const secrets = await loaded(db, { ...production, KADU_SIGNING_SECRET: 's'.repeat(40), KADU_ENCRYPTION_KEY: 'e'.repeat(40) });
        expect(secrets.get('KADU_ENCRYPTION_KEY')).toBe('e'.repeat(40));
        expect(await db.selectFrom('secrets').selectAll().execute()).toEqual([]);
      } finally {
        await db.destroy();
      }
    });
  });

  it('outside production, warns in one line naming the keys kept in the database, and only those', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const db = await openTestDatabase();
    try {
      await loaded(db, { KADU_SIGNING_SECRET: 's'.repeat(40) });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0][0]).toMatch(/^KADU_ENCRYPTION_KEY kept in the database it protects .*: set KADU_ENCRYPTION_KEY in the environment/);
      expect(warn.mock.calls[0][0]).not.toContain('KADU_SIGNING_SECRET');
      warn.mockClear();
      await loaded(db, { KADU_SIGNING_SECRET: 's'.repeat(40), KADU_ENCRYPTION_KEY: 'e'.repeat(40) });
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      await db.destroy();
    }
  });

  it('refuses a key from the environment shorter than 32 characters', async () => {
    const db = await openTestDatabase();
    try {
      await expect(loaded(db, { KADU_SIGNING_SECRET: 'short' })).rejects.toThrow('KADU_SIGNING_SECRET must be at least 32 characters');
    } finally {
      await db.destroy();
    }
  });
});
