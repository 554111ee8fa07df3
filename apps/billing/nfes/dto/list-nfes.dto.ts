import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { BillingPageQueryDto } from '../../common/billing-page-query.dto';
import { BILLING_ID_MAX_LENGTH } from '../../common/billing-id.dto';
import { ListFields } from '../../common/list-fields.decorator';
import { NFE_FIELDS } from '../nfe.view';

/** `GET /api/v1/nfes` and `billing_nfes_list`. */
export class ListNfesDto extends BillingPageQueryDto {
  @IsOptional()
  @IsIn(['issued', 'cancelled'])
  status?: string;

  @IsOptional()
  @IsString()
  @MaxLength(BILLING_ID_MAX_LENGTH)
  invoice_id?: string;

  /** Only these fields of each NF-e. */
  @ListFields(NFE_FIELDS)
  fields?: string[];
}
