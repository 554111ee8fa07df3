import type { NfesTable, NfeStatus } from './nfe.table';

/** An NF-e as the API and the tools return it. */
export interface NfeView {
  id: string;
  invoice_id: string;
  number: number;
  series: string;
  access_key: string;
  status: NfeStatus;
  cancel_reason: string | null;
  issued_at: string;
  created_at: string;
  cancelled_at: string | null;
}

/** Every field a listing's `fields` may name. */
export const NFE_FIELDS = ['id', 'invoice_id', 'number', 'series', 'access_key', 'status', 'cancel_reason', 'issued_at', 'created_at', 'cancelled_at'] as const;

/** The row's public fields. */
export function toNfeView(row: NfesTable): NfeView {
  const { organization_id: _organization, ...view } = row;
  return view;
}
