/** `issued` until cancelled. */
export type NfeStatus = 'issued' | 'cancelled';

/** `nfes` as Kysely sees it. `access_key` is the 44-digit chave de acesso. */
export interface NfesTable {
  id: string;
  organization_id: string;
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
