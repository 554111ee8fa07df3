import { IsOptional, IsString, MaxLength } from 'class-validator';
import { BillingPageQueryDto } from '../../common/billing-page-query.dto';
import { ListFields } from '../../common/list-fields.decorator';
import { CUSTOMER_FIELDS } from '../customer.view';

/** `GET /api/v1/customers` and `billing_customers_list`. */
export class ListCustomersDto extends BillingPageQueryDto {
  /** Customers whose name contains this text (case-insensitive). */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;

  /** Only these fields of each customer. */
  @ListFields(CUSTOMER_FIELDS)
  fields?: string[];
}
