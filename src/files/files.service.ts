import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { McpArgs, McpCaller, McpTool } from '@kobana/mcp';
import { IdempotencyService } from '@kobana/idempotency';
import { assertRole } from '../common/roles/roles.policy';
import { keysetPage } from '../common/pagination/keyset-page.util';
import { Page } from '../common/pagination/page.interface';
import { PageView } from '../common/pagination/page.view';
import { KaduConfig } from '../config/kadu-config.interface';
import { InjectDatabase } from '../database/inject-database.decorator';
import { KaduDatabase } from '../database/kadu-database.interface';
import { CreateFileDto } from './dto/create-file.dto';
import { FileIdDto, FileWriteDto } from './dto/file-id.dto';
import { ListFilesDto } from './dto/list-files.dto';
import { findActiveFile } from './file.store';
import { DeletedFileView, FileDownloadView, FileUploadView, FileView, toFileView } from './file.view';
import { DOWNLOAD_URL_TTL_MS, UPLOAD_URL_TTL_MS } from './files.constants';
import { FilesDiskStore } from './files-disk.store';
import { FILE_WRITER_ROLES } from './file-roles.policy';
import { FilesUrlSigner } from './files-url.codec';
import { KaduConfirmationMessages } from '../common/confirmation/kadu-confirmation.messages';

/**
 * Files of the caller's organization, served by `/api/v1/files` and, with
 * the same code, by the `kadu_files_*` tools. No tool sends or receives
 * bytes (docs/protocol.md §8): they travel through presigned URLs.
 */
@Injectable()
export class FilesService {
  private readonly maxBytes: number;

  constructor(
    @InjectDatabase() private readonly db: Kysely<KaduDatabase>,
    private readonly idempotency: IdempotencyService<KaduDatabase>,
    private readonly disk: FilesDiskStore,
    private readonly signer: FilesUrlSigner,
    config: ConfigService<KaduConfig, true>,
  ) {
    this.maxBytes = config.get('KADU_FILES_MAX_BYTES', { infer: true });
  }

  /** A page of the organization's files, newest first. */
  @McpTool({
    name: 'kadu_files_list',
    output: PageView(FileView),
    title: 'List files',
    description: "Lists your organization's files (uploads and execution outputs), newest first, without their content.",
    scopes: ['kadu:read'],
    annotations: { readOnlyHint: true, idempotentHint: true },
  })
  list(@McpCaller() caller: McpCaller, @McpArgs() query: ListFilesDto): Promise<Page<FileView>> {
    const rows = this.db
      .selectFrom('files')
      .select(['id', 'filename', 'content_type', 'size', 'status', 'source', 'sha256', 'created_at', 'ready_at'])
      .where('organization_id', '=', caller.organization_id)
      .where('deleted_at', 'is', null);
    return keysetPage(rows, query, toFileView);
  }

  /** @throws NotFoundException when no such file is in the caller's organization. */
  @McpTool({
    name: 'kadu_files_get',
    output: FileView,
    title: 'Get a file',
    description: "Returns one file's metadata (name, type, size, status, SHA-256), never its content.",
    scopes: ['kadu:read'],
    annotations: { readOnlyHint: true, idempotentHint: true },
  })
  async get(@McpCaller() caller: McpCaller, @McpArgs() args: FileIdDto): Promise<FileView> {
    return toFileView(await findActiveFile(this.db, caller.organization_id, args.id));
  }

  /** Registers an upload and answers its presigned URL. */
  @McpTool({
    name: 'kadu_files_create',
    output: FileUploadView,
    title: 'Create a file upload',
    description:
      'Starts an upload: answers an upload_url valid 15 minutes. PUT exactly `size` bytes there with the ' +
      'upload_headers, then call kadu_files_confirm. Pass the id in input_file_ids of kadu_tasks_run.',
    scopes: ['kadu:write'],
    roles: FILE_WRITER_ROLES,
    // Each call registers one more file.
    annotations: { idempotentHint: false },
  })
  async create(@McpCaller() caller: McpCaller, @McpArgs() dto: CreateFileDto): Promise<FileUploadView> {
    assertRole(caller, FILE_WRITER_ROLES, 'upload files');
    // Config, not a decorator: the limit is the operator's, and the message must say which it is.
    if (dto.size > this.maxBytes) throw new BadRequestException([`size must not be greater than ${this.maxBytes}`]);
    return this.idempotency.run(caller, 'kadu_files_create', dto, async (trx) => {
      const now = new Date();
      const id = randomUUID();
      const expiresAt = new Date(now.getTime() + UPLOAD_URL_TTL_MS);
      const signed = this.signer.sign('PUT', caller.organization_id, id, expiresAt);
      await trx
        .insertInto('files')
        .values({
          id,
          organization_id: caller.organization_id,
          filename: dto.filename,
          content_type: dto.content_type,
          size: dto.size,
          status: 'pending',
          source: 'upload',
          sha256: null,
          upload_expires_at: signed.expires_at,
          created_at: now.toISOString(),
          uploaded_at: null,
          ready_at: null,
          deleted_at: null,
        })
        .execute();
      return {
        id,
        upload_url: signed.url,
        upload_method: 'PUT' as const,
        upload_headers: { 'Content-Type': dto.content_type },
        expires_at: signed.expires_at,
      };
    });
  }

  /**
   * Checks that the declared bytes are on disk and marks the file ready.
   * Confirming a ready file answers it again.
   * @throws ConflictException (409) while nothing (or not all of it) was uploaded.
   */
  @McpTool({
    name: 'kadu_files_confirm',
    output: FileView,
    title: 'Confirm a file upload',
    description: 'Call after the PUT to upload_url succeeded: checks the upload and marks the file ready for kadu_tasks_run.',
    scopes: ['kadu:write'],
    roles: FILE_WRITER_ROLES,
    annotations: { idempotentHint: true },
  })
  async confirm(@McpCaller() caller: McpCaller, @McpArgs() dto: FileWriteDto): Promise<FileView> {
    assertRole(caller, FILE_WRITER_ROLES, 'upload files');
    return this.idempotency.run(caller, 'kadu_files_confirm', dto, async (trx) => {
      const row = await findActiveFile(trx, caller.organization_id, dto.id);
      if (row.status === 'ready') return toFileView(row);
      if (row.status !== 'uploaded') {
        throw new ConflictException('The file has not been uploaded yet: PUT its content to upload_url first');
      }
      const stored = await this.disk.inspect(caller.organization_id, row.id);
      if (!stored || stored.size !== row.size || stored.sha256 !== row.sha256) {
        // Back to pending, so the client can upload again while its URL is valid.
        await trx.updateTable('files').set({ status: 'pending', sha256: null }).where('id', '=', row.id).execute();
        throw new ConflictException('The uploaded content is missing or incomplete: upload it again');
      }
      const readyAt = new Date().toISOString();
      await trx
        .updateTable('files')
        .set({ status: 'ready', ready_at: readyAt })
        .where('organization_id', '=', caller.organization_id)
        .where('id', '=', row.id)
        .execute();
      return toFileView({ ...row, status: 'ready', ready_at: readyAt });
    });
  }

  /** A short-lived URL to the content. @throws ConflictException (409) until the file is ready. */
  @McpTool({
    name: 'kadu_files_download',
    output: FileDownloadView,
    title: 'Get a download link',
    description: "Answers a download_url for a ready file's content, valid 5 minutes. The content itself never passes through the tool.",
    scopes: ['kadu:read'],
    annotations: { readOnlyHint: true },
  })
  async download(@McpCaller() caller: McpCaller, @McpArgs() args: FileIdDto): Promise<FileDownloadView> {
    const row = await findActiveFile(this.db, caller.organization_id, args.id);
    if (row.status !== 'ready') throw new ConflictException('The file is not ready: upload and confirm it first');
    const signed = this.signer.sign('GET', caller.organization_id, row.id, new Date(Date.now() + DOWNLOAD_URL_TTL_MS));
    return { download_url: signed.url, expires_at: signed.expires_at };
  }

  /** Soft delete: the row stays for executions that name it; the bytes are removed at once. */
  @McpTool({
    name: 'kadu_files_delete',
    output: DeletedFileView,
    title: 'Delete a file',
    description: 'Deletes a file and its content. Executions that used it keep their results.',
    scopes: ['kadu:write'],
    roles: FILE_WRITER_ROLES,
    annotations: { destructiveHint: true },
    confirmation: { describe: 'describeDelete' },
  })
  async delete(@McpCaller() caller: McpCaller, @McpArgs() dto: FileWriteDto): Promise<DeletedFileView> {
    assertRole(caller, FILE_WRITER_ROLES, 'delete files');
    return this.idempotency.run(caller, 'kadu_files_delete', dto, async (trx) => {
      await findActiveFile(trx, caller.organization_id, dto.id);
      const deletedAt = new Date().toISOString();
      await trx.updateTable('files').set({ deleted_at: deletedAt }).where('organization_id', '=', caller.organization_id).where('id', '=', dto.id).execute();
      await this.disk.remove(caller.organization_id, dto.id);
      return { id: dto.id, deleted_at: deletedAt };
    });
  }

  /** The file's name, for the person who confirms its deletion. @throws NotFoundException as {@link delete}. */
  async describeDelete(caller: McpCaller, dto: FileWriteDto): Promise<string> {
    if (await this.idempotency.replays(caller, 'kadu_files_delete', dto)) return KaduConfirmationMessages.replay();
    return KaduConfirmationMessages.file((await findActiveFile(this.db, caller.organization_id, dto.id)).filename);
  }
}
