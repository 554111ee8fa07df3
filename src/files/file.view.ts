import type { FileSource, FilesTable, FileStatus } from './file.table';

/** A file's metadata as the API and the tools return it; never its bytes. */
export interface FileView {
  id: string;
  filename: string;
  content_type: string;
  size: number;
  status: FileStatus;
  source: FileSource;
  sha256: string | null;
  created_at: string;
  ready_at: string | null;
}

/** What `kadu_files_create` answers: where and how to PUT the bytes. */
export interface FileUploadView {
  id: string;
  upload_url: string;
  upload_method: 'PUT';
  upload_headers: { 'Content-Type': string };
  expires_at: string;
}

/** What `kadu_files_download` answers. */
export interface FileDownloadView {
  download_url: string;
  expires_at: string;
}

/** What `kadu_files_delete` answers. */
export interface DeletedFileView {
  id: string;
  deleted_at: string;
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
