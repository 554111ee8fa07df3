import {
  BadRequestException,
  ForbiddenException,
  Injectable,
  NotFoundException,
  PayloadTooLargeException,
  StreamableFile,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import type { Request } from 'express';
import { Kysely, Selectable } from 'kysely';
import { InjectDatabase } from '../database/inject-database.decorator';
import { KaduDatabase } from '../database/kadu-database.interface';
import type { FilesTable } from './file.table';
import { FilesDiskStore, FileTooLargeError } from './files-disk.store';
import { SignedFileMethod, FilesUrlSigner } from './files-url.codec';
import { UploadedContentView } from './uploaded-content.view';

/** The query of a presigned URL. */
export interface SignedQuery {
  expires?: unknown;
  signature?: unknown;
}

/**
 * The presigned content routes. No bearer token: the signature is the whole
 * authority, so it is checked before anything about the file is revealed,
 * and every refusal of it reads the same (403).
 */
@Injectable()
export class FilesContentService {
  constructor(
    @InjectDatabase() private readonly db: Kysely<KaduDatabase>,
    private readonly disk: FilesDiskStore,
    private readonly signer: FilesUrlSigner,
  ) {}

  /**
   * Streams the request body to disk, once. Enforces the declared type and
   * exact size; a failed upload leaves the file pending, so the same URL can
   * be retried until it expires.
   */
  async upload(id: string, query: SignedQuery, request: Request): Promise<UploadedContentView> {
    const row = await this.authorize('PUT', id, query);
    if (row.status !== 'pending') throw new ForbiddenException('This upload URL was already used');
    const contentType = request.headers['content-type']?.split(';')[0].trim().toLowerCase();
    if (contentType !== row.content_type) {
      throw new UnsupportedMediaTypeException(`Content-Type must be ${row.content_type}, as declared when the file was created`);
    }
    const declared = request.headers['content-length'];
    if (declared !== undefined && Number(declared) > row.size) throw this.tooLarge(row.size);
    if (declared !== undefined && Number(declared) < row.size) throw this.incomplete(row.size);
    // The claim makes the URL single-use even when two PUTs race.
    const claimed = await this.db.updateTable('files').set({ status: 'uploading' }).where('id', '=', row.id).where('status', '=', 'pending').executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new ForbiddenException('This upload URL was already used');
    try {
      const stored = await this.disk.receive(row.organization_id, row.id, request, row.size);
      if (stored.size !== row.size) {
        await this.disk.remove(row.organization_id, row.id);
        throw this.incomplete(row.size);
      }
      await this.db
        .updateTable('files')
        .set({ status: 'uploaded', sha256: stored.sha256, uploaded_at: new Date().toISOString() })
        .where('id', '=', row.id)
        .execute();
      return { id: row.id, status: 'uploaded', size: stored.size, sha256: stored.sha256 };
    } catch (error) {
      await this.db.updateTable('files').set({ status: 'pending' }).where('id', '=', row.id).where('status', '=', 'uploading').execute();
      throw error instanceof FileTooLargeError ? this.tooLarge(row.size) : error;
    }
  }

  /** The content of a ready file, as an attachment. */
  async download(id: string, query: SignedQuery): Promise<StreamableFile> {
    const row = await this.authorize('GET', id, query);
    if (row.status !== 'ready' || row.deleted_at !== null) throw new NotFoundException('File not found');
    return new StreamableFile(this.disk.openRead(row.organization_id, row.id), {
      type: row.content_type,
      length: row.size,
      disposition: `attachment; filename*=UTF-8''${encodeURIComponent(row.filename)}`,
    });
  }

  /** A missing file and a bad signature answer alike: without a valid signature nothing leaks. */
  private async authorize(method: SignedFileMethod, id: string, query: SignedQuery): Promise<Selectable<FilesTable>> {
    const row = await this.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
    const verdict = row ? this.signer.verify(method, row.organization_id, row.id, query.expires, query.signature) : 'invalid';
    if (!row || verdict === 'invalid') throw new ForbiddenException('Invalid signature');
    if (verdict === 'expired') throw new ForbiddenException('This URL has expired');
    if (method === 'PUT' && row.deleted_at !== null) throw new ForbiddenException('This upload URL was already used');
    return row;
  }

  private tooLarge(size: number): PayloadTooLargeException {
    return new PayloadTooLargeException(`The file was declared with ${size} bytes; send exactly that many`);
  }

  private incomplete(size: number): BadRequestException {
    return new BadRequestException(`The file was declared with ${size} bytes; send exactly that many`);
  }
}
