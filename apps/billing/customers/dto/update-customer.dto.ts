import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsEmailAddress } from './email-address.decorator';
import { IdempotentDto } from '@kobana/idempotency';
import { McpSensitive } from '@kobana/mcp';
import { maskDocument } from '../customer-document.view';
import { BILLING_ID_MAX_LENGTH } from '../../common/billing-id.dto';
import { DOCUMENT_PATTERN } from './create-customer.dto';

/** `PATCH /api/v1/customers/:id` body: only the fields sent change. */
export class UpdateCustomerBodyDto extends IdempotentDto {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name?: string;

  /** Personal data: kept out of the audit trail. */
  @McpSensitive({ shown: maskDocument })
  @IsOptional()
  @IsString()
  @Matches(DOCUMENT_PATTERN, { message: 'document must be a CPF (11 digits) or a CNPJ (14 digits), digits only' })
  document?: string;

  @IsOptional()
  @IsEmailAddress()
  @MaxLength(254)
  email?: string;
}

/** `billing_customers_update`: the body plus the route's id. */
export class UpdateCustomerDto extends UpdateCustomerBodyDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(BILLING_ID_MAX_LENGTH)
  id: string;
}
