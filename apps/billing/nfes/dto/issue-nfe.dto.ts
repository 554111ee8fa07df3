import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { IdempotentDto } from '@kobana/idempotency';
import { BILLING_ID_MAX_LENGTH } from '../../common/billing-id.dto';

/** `POST /api/v1/nfes` and `billing_nfes_issue`. */
export class IssueNfeDto extends IdempotentDto {
  /** A paid invoice without a live NF-e. */
  @IsString()
  @IsNotEmpty()
  @MaxLength(BILLING_ID_MAX_LENGTH)
  invoice_id: string;
}

/** `POST /api/v1/nfes/:id/cancel` body. */
export class CancelNfeBodyDto extends IdempotentDto {
  /** Why, 15 to 255 characters (SEFAZ's bounds for a cancellation). */
  @IsString()
  @MinLength(15)
  @MaxLength(255)
  reason: string;
}

/** `billing_nfes_cancel`: the body plus the route's id. */
export class CancelNfeDto extends CancelNfeBodyDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(BILLING_ID_MAX_LENGTH)
  id: string;
}
