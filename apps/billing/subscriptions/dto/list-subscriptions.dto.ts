import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { BillingPageQueryDto } from '../../common/billing-page-query.dto';
import { BILLING_ID_MAX_LENGTH } from '../../common/billing-id.dto';
import { ListFields } from '../../common/list-fields.decorator';
import { SUBSCRIPTION_STATUSES } from '../subscription.table';
import { SUBSCRIPTION_FIELDS } from '../subscription.view';

/** `GET /api/v1/subscriptions` and `billing_subscriptions_list`. */
export class ListSubscriptionsDto extends BillingPageQueryDto {
  @IsOptional()
  @IsIn(SUBSCRIPTION_STATUSES)
  status?: string;

  @IsOptional()
  @IsString()
  @MaxLength(BILLING_ID_MAX_LENGTH)
  customer_id?: string;

  /** Only these fields of each subscription. */
  @ListFields(SUBSCRIPTION_FIELDS)
  fields?: string[];
}
