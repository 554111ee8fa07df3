import { Injectable, NotFoundException } from '@nestjs/common';
import { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { InjectDatabase } from '../database/inject-database.decorator';
import { KaduDatabase } from '../database/kadu-database.interface';
import { FilesDiskStore } from './files-disk.store';

/** A ready file with its bytes, as an execution reads its input. */
export interface ReadyFile {
  id: string;
  filename: string;
  content_type: string;
  bytes: Buffer;
}

/** A file an execution produces. */
export interface OutputFile {
  filename: string;
  content_type: string;
  bytes: Buffer;
}

/**
 * Reads the bytes of ready files for the code that runs executions. Only
 * `ready` files count: a pending upload or a deleted file is, for an
 * execution, a file that does not exist.
 */
@Injectable()
export class FilesReader {
  constructor(
    @InjectDatabase() private readonly db: Kysely<KaduDatabase>,
    private readonly disk: FilesDiskStore,
  ) {}

  /**
   * The file and its bytes.
   * @throws NotFoundException (404) `File not found` when the file is not ready, deleted, or of another organization.
   */
  async readReady(organizationId: string, fileId: string): Promise<ReadyFile> {
    const row = await this.db
      .selectFrom('files')
      .select(['id', 'filename', 'content_type'])
      .where('organization_id', '=', organizationId)
      .where('id', '=', fileId)
      .where('status', '=', 'ready')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw new NotFoundException('File not found');
    return { ...row, bytes: await this.disk.read(organizationId, fileId) };
  }
}

/** Stores files that executions produce, ready to download at once. */
@Injectable()
export class FilesWriter {
  constructor(
    @InjectDatabase() private readonly db: Kysely<KaduDatabase>,
    private readonly disk: FilesDiskStore,
  ) {}

  /** Writes the bytes, then the row: a row never names bytes that are not there. */
  async writeOutput(organizationId: string, input: OutputFile): Promise<{ id: string }> {
    const id = randomUUID();
    const stored = await this.disk.write(organizationId, id, input.bytes);
    const now = new Date().toISOString();
    try {
      await this.db
        .insertInto('files')
        .values({
          id,
          organization_id: organizationId,
          filename: input.filename,
          content_type: input.content_type,
          size: stored.size,
          status: 'ready',
          source: 'execution',
          sha256: stored.sha256,
          upload_expires_at: null,
          created_at: now,
          uploaded_at: now,
          ready_at: now,
          deleted_at: null,
        })
        .execute();
    } catch (error) {
      await this.disk.remove(organizationId, id);
      throw error;
    }
    return { id };
  }
}
