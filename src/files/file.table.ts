/** Where a file is in its life: waiting for bytes, bytes arrived, confirmed and usable. */
export const FILE_STATUSES = ['pending', 'uploading', 'uploaded', 'ready'] as const;
/** One of {@link FILE_STATUSES}. `uploading` is held only while one PUT streams, so a second PUT is refused. */
export type FileStatus = (typeof FILE_STATUSES)[number];

/** Who put the bytes there: a client through a signed URL, or an execution's output. */
export type FileSource = 'upload' | 'execution';

/**
 * `files` as Kysely sees it. Timestamps are ISO-8601 UTC text; `sha256` is
 * hex, known once the bytes arrived; `deleted_at` marks a soft delete (the
 * bytes are removed at once, the row stays for executions that name it).
 */
export interface FilesTable {
  id: string;
  organization_id: string;
  filename: string;
  content_type: string;
  size: number;
  status: FileStatus;
  source: FileSource;
  sha256: string | null;
  /** End of the upload URL's validity; null for execution outputs. */
  upload_expires_at: string | null;
  created_at: string;
  uploaded_at: string | null;
  ready_at: string | null;
  deleted_at: string | null;
}
