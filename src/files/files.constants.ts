/** Content types a client may upload: what the agent reads, and nothing a browser would run. */
export const UPLOADABLE_CONTENT_TYPES = [
  'text/csv',
  'text/plain',
  'application/json',
  'application/xml',
  'text/xml',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;

/** How long an upload URL stays valid. */
export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;

/** How long a download URL stays valid (docs/protocol.md §8: "valid minutes"). */
export const DOWNLOAD_URL_TTL_MS = 5 * 60 * 1000;

/** Path of a file's bytes, relative to the public origin; the signed routes serve it. */
export function fileContentPath(id: string): string {
  return `/api/v1/files/${encodeURIComponent(id)}/content`;
}

/**
 * Every form of the presigned upload path Express routes to its controller
 * (any case, an optional trailing slash): the body parsers leave it unread,
 * since the bytes stream to disk as they arrive.
 */
export const FILE_UPLOAD_PATH = /^\/api\/v1\/files\/[^/]+\/content\/?$/i;
