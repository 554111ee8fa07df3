import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { IsEmailAddress } from './email-address.decorator';
import { IdempotentDto } from '@kobana/idempotency';
import { McpSensitive } from '@kobana/mcp';
import { maskDocument } from '../customer-document.view';

/** CPF (11 digits) or CNPJ (14 digits), digits only. */
export const DOCUMENT_PATTERN = /^(\d{11}|\d{14})$/;

/** `POST /api/v1/customers` and `billing_customers_create`. */
export class CreateCustomerDto extends IdempotentDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  /** CPF or CNPJ, digits only. Personal data: kept out of the audit trail. */
  @McpSensitive({ shown: maskDocument })
  @IsString()
  @Matches(DOCUMENT_PATTERN, { message: 'document must be a CPF (11 digits) or a CNPJ (14 digits), digits only' })
  document: string;

  @IsEmailAddress()
  @MaxLength(254)
  email: string;
}
