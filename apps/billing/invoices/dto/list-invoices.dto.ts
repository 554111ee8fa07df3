import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { BillingPageQueryDto } from '../../common/billing-page-query.dto';
import { BILLING_ID_MAX_LENGTH } from '../../common/billing-id.dto';
import { ListFields } from '../../common/list-fields.decorator';
import { INVOICE_STATUSES } from '../invoice.table';
import { INVOICE_FIELDS } from '../invoice.view';

/** `GET /api/v1/invoices` and `billing_invoices_list`. */
export class ListInvoicesDto extends BillingPageQueryDto {
  @IsOptional()
  @IsIn(INVOICE_STATUSES)
  status?: string;

  @IsOptional()
  @IsString()
  @MaxLength(BILLING_ID_MAX_LENGTH)
  customer_id?: string;

  /** Only these fields of each invoice, e.g. `["number", "total", "due_date"]`. */
  @ListFields(INVOICE_FIELDS)
  fields?: string[];
}
