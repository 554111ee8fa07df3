import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { IdempotentDto } from '@kobana/idempotency';
import { ISO_DATE_PATTERN } from '../../common/billing-dates.util';
import { BILLING_ID_MAX_LENGTH } from '../../common/billing-id.dto';

/** `POST /api/v1/invoices` and `billing_invoices_upsert`. */
export class UpsertInvoiceDto extends IdempotentDto {
  /**
   * Your own reference. When an invoice of yours already has it: an open one
   * is updated with these values, a paid or cancelled one is a 409.
   */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  external_id?: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(BILLING_ID_MAX_LENGTH)
  customer_id: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  description: string;

  /** In cents, at least 1. */
  @IsInt()
  @Min(1)
  @Max(1_000_000_000)
  total: number;

  /** `YYYY-MM-DD`. */
  @Matches(ISO_DATE_PATTERN, { message: 'due_date must be a date YYYY-MM-DD' })
  due_date: string;
}
