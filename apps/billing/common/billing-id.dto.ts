import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { RECORD_ID_MAX_LENGTH } from '@kobana/host-kit';
import { IdempotentDto } from '@kobana/idempotency';

/** Longest id any Billing input accepts: the hosts' {@link RECORD_ID_MAX_LENGTH} (other text finds nothing, 404, as over REST). */
export const BILLING_ID_MAX_LENGTH = RECORD_ID_MAX_LENGTH;

/** The read of one record by id. */
export class BillingIdDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(BILLING_ID_MAX_LENGTH)
  id: string;
}

/** A write on one record by id (delete, cancel, pay), with an optional idempotency key. */
export class BillingIdWriteDto extends IdempotentDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(BILLING_ID_MAX_LENGTH)
  id: string;
}
