import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { IdempotentDto } from '@kobana/idempotency';
import { ISO_DATE_PATTERN } from '../../common/billing-dates.util';
import { BILLING_ID_MAX_LENGTH } from '../../common/billing-id.dto';

/** Largest price of a plan, in cents: R$ 10 million a month. */
export const MAX_PLAN_CENTS = 1_000_000_000;

/** `POST /api/v1/subscriptions` and `billing_subscriptions_create`. */
export class CreateSubscriptionDto extends IdempotentDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(BILLING_ID_MAX_LENGTH)
  customer_id: string;

  /** The plan's name, e.g. `pro`. */
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  plan: string;

  /** Monthly price in cents. */
  @IsInt()
  @Min(0)
  @Max(MAX_PLAN_CENTS)
  amount_cents: number;

  /** First day of the first monthly period, `YYYY-MM-DD`. @default today (UTC) */
  @IsOptional()
  @Matches(ISO_DATE_PATTERN, { message: 'start_date must be a date YYYY-MM-DD' })
  start_date?: string;
}
