import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** Page size when a listing is called without `limit`. */
export const DEFAULT_PAGE_LIMIT = 25;
/** Largest page a listing answers. */
export const MAX_PAGE_LIMIT = 100;

/**
 * `limit` and `cursor` of every Kadu listing (docs/protocol.md §5). Extend it with a
 * listing's own filters; the same class validates the REST query and the
 * tool's arguments.
 */
export class PageQueryDto {
  /** Items per page, 1–100. @default 25 */
  @IsOptional()
  // A query string is text; the tool sends a number. Both end up a number.
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_LIMIT)
  limit?: number;

  /** `meta.next_cursor` of the previous page; omit for the first page. */
  @IsOptional()
  @IsString()
  @MaxLength(512)
  cursor?: string;
}
