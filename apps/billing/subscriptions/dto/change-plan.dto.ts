import { IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { IdempotentDto } from '@kobana/idempotency';
import { ISO_DATE_PATTERN } from '../../common/billing-dates.util';
import { BILLING_ID_MAX_LENGTH } from '../../common/billing-id.dto';
import { MAX_PLAN_CENTS } from './create-subscription.dto';

/** `POST /api/v1/subscriptions/:id/change_plan` body. */
export class ChangePlanBodyDto extends IdempotentDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  plan: string;

  /** The new monthly price in cents. */
  @IsInt()
  @Min(0)
  @Max(MAX_PLAN_CENTS)
  amount_cents: number;

  /** The day the new plan starts, within the current period. @default today (UTC) */
  @IsOptional()
  @Matches(ISO_DATE_PATTERN, { message: 'effective_date must be a date YYYY-MM-DD' })
  effective_date?: string;
}

/** `billing_subscriptions_change_plan`: the body plus the route's id. */
export class ChangePlanDto extends ChangePlanBodyDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(BILLING_ID_MAX_LENGTH)
  id: string;
}
