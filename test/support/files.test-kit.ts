/**
 * Shared by the unit specs of files: a migrated in-memory database, a
 * temporary files directory and the services wired over them, as the module
 * wires them. Not a spec itself.
 */
import { ConfigService } from '@nestjs/config';
import { Kysely } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { McpCaller } from '@kobana/mcp';
import { openTestDatabase } from './test-database';
import { IdempotencyService } from '@kobana/idempotency';
import { KaduConfig } from '../../src/config/kadu-config.interface';
import { KaduDatabase } from '../../src/database/kadu-database.interface';
import { SecretsService } from '@kobana/host-kit';
import { KADU_SECRETS_OPTIONS } from '../../src/secrets/secrets.constants';
import { FilesContentService } from '../../src/files/files-content.service';
import { FilesDiskStore } from '../../src/files/files-disk.store';
import { FilesService } from '../../src/files/files.service';
import { FilesReader, FilesWriter } from '../../src/files/files-storage.service';
import { FilesUrlSigner } from '../../src/files/files-url.codec';

/** Everything a files spec needs; `close()` it after. */
export interface FilesKit {
  db: Kysely<KaduDatabase>;
  files: FilesService;
  content: FilesContentService;
  reader: FilesReader;
  writer: FilesWriter;
  signer: FilesUrlSigner;
  /** An owner of a new organization named `slug`. */
  caller(slug: string, role?: string): Promise<McpCaller>;
  close(): Promise<void>;
}

/** Builds a {@link FilesKit} with a 1 KiB upload limit. */
export async function openFilesKit(): Promise<FilesKit> {
  const db = await openTestDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'kadu-files-'));
  const config = new ConfigService({
    PUBLIC_URL: 'http://kadu.test',
    KADU_FILES_DIR: dir,
    KADU_FILES_MAX_BYTES: 1024,
    KADU_SIGNING_SECRET: 'x'.repeat(40),
    KADU_ENCRYPTION_KEY: 'y'.repeat(40),
  }) as ConfigService<KaduConfig, true>;
  const secrets = new SecretsService(db, KADU_SECRETS_OPTIONS, config);
  await secrets.onModuleInit();
  const disk = new FilesDiskStore(config);
  const signer = new FilesUrlSigner(secrets, config);
  return {
    db,
    signer,
    files: new FilesService(db, new IdempotencyService(db), disk, signer, config),
    content: new FilesContentService(db, disk, signer),
    reader: new FilesReader(db, disk),
    writer: new FilesWriter(db, disk),
    caller: async (slug, role = 'owner') => {
      const id = `org-${slug}`;
      await db.insertInto('organizations').values({ id, slug, name: slug, plan: 'free', created_at: new Date().toISOString() }).execute();
      return { subject: `user-${slug}`, organization_id: id, client_id: 'test', scopes: ['kadu:read', 'kadu:write'], roles: [role] };
    },
    close: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
