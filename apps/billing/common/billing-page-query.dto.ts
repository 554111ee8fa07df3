import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Page size when a listing is called without `per_page`. */
export const BILLING_DEFAULT_PER_PAGE = 25;
/** Largest page a listing answers. */
export const BILLING_MAX_PER_PAGE = 100;

/**
 * `page` and `per_page` of every Billing listing (docs/protocol.md §5). A listing
 * extends it with its filters and its `fields` (see {@link ListFields}).
 */
export class BillingPageQueryDto {
  /** 1-based page number. @default 1 */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  page?: number;

  /** Items per page, 1–100. @default 25 */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(BILLING_MAX_PER_PAGE)
  per_page?: number;
}
