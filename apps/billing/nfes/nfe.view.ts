import { IsIn, IsInt, IsISO8601, IsString } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import type { NfesTable, NfeStatus } from './nfe.table';

const NFE_STATUSES: readonly NfeStatus[] = ['issued', 'cancelled'];

/** An NF-e as the API and the tools return it. */
export class NfeView {
  @IsString()
  id!: string;

  @IsString()
  invoice_id!: string;

  @IsInt()
  number!: number;

  @IsString()
  series!: string;

  @IsString()
  access_key!: string;

  @IsIn(NFE_STATUSES)
  status!: NfeStatus;

  @IsString()
  @JSONSchema({ nullable: true })
  cancel_reason!: string | null;

  @IsISO8601()
  issued_at!: string;

  @IsISO8601()
  created_at!: string;

  @IsISO8601()
  @JSONSchema({ nullable: true })
  cancelled_at!: string | null;
}

/** Every field a listing's `fields` may name. */
export const NFE_FIELDS = ['id', 'invoice_id', 'number', 'series', 'access_key', 'status', 'cancel_reason', 'issued_at', 'created_at', 'cancelled_at'] as const;

/** The row's public fields. */
export function toNfeView(row: NfesTable): NfeView {
  const { organization_id: _organization, ...view } = row;
  return view;
}
