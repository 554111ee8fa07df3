import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsString, IsUrl, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { FILE_STATUSES, FileSource, FilesTable, FileStatus } from './file.table';

/** What clients see of a file's state: `uploading` is internal and shown as `pending`. */
const VISIBLE_FILE_STATUSES = FILE_STATUSES.filter((status) => status !== 'uploading');
const FILE_SOURCES: readonly FileSource[] = ['upload', 'execution'];

/** A file's metadata as the API and the tools return it; never its bytes. */
export class FileView {
  @IsString()
  id!: string;

  @IsString()
  filename!: string;

  @IsString()
  content_type!: string;

  @IsInt()
  size!: number;

  @IsIn(VISIBLE_FILE_STATUSES)
  status!: FileStatus;

  @IsIn(FILE_SOURCES)
  source!: FileSource;

  @IsString()
  @JSONSchema({ nullable: true })
  sha256!: string | null;

  @IsISO8601()
  created_at!: string;

  @IsISO8601()
  @JSONSchema({ nullable: true })
  ready_at!: string | null;
}

/** The one header the upload must carry. */
export class FileUploadHeadersView {
  @IsString()
  'Content-Type'!: string;
}

/** What `kadu_files_create` answers: where and how to PUT the bytes. */
export class FileUploadView {
  @IsString()
  id!: string;

  /** Presigned: carries its own signature, valid until `expires_at`. */
  @IsUrl({ require_tld: false })
  upload_url!: string;

  @IsIn(['PUT'])
  upload_method!: 'PUT';

  @ValidateNested()
  @Type(() => FileUploadHeadersView)
  upload_headers!: FileUploadHeadersView;

  @IsISO8601()
  expires_at!: string;
}

/** What `kadu_files_download` answers. */
export class FileDownloadView {
  /** Presigned: carries its own signature, valid until `expires_at`. */
  @IsUrl({ require_tld: false })
  download_url!: string;

  @IsISO8601()
  expires_at!: string;
}

/** What `kadu_files_delete` answers. */
export class DeletedFileView {
  @IsString()
  id!: string;

  @IsISO8601()
  deleted_at!: string;
}

/** The row's public fields. `uploading` is internal: clients see it as still `pending`. */
export function toFileView(row: Pick<FilesTable, keyof FileView>): FileView {
  return {
    id: row.id,
    filename: row.filename,
    content_type: row.content_type,
    size: row.size,
    status: row.status === 'uploading' ? 'pending' : row.status,
    source: row.source,
    sha256: row.sha256,
    created_at: row.created_at,
    ready_at: row.ready_at,
  };
}
