/** What `server/discover` and `initialize` tell the model about Billing's tools. */
export const BILLING_MCP_INSTRUCTIONS = [
  'Tools for Kobana Billing (Automatic Billing): customers, subscriptions, invoices and NF-e of one organization, the one your access token belongs to; no tool takes an organization argument.',
  'You see only the tools the panel role of the person who authorized you allows.',
  'Every field is snake_case. Money is in integer cents of BRL (invoice total, amount_cents); dates are YYYY-MM-DD.',
  'Listings take page (from 1), per_page (default 25, at most 100) and fields (only those fields come back); meta.total counts every match.',
  'billing_invoices_upsert with an external_id you already used updates that invoice while it is open; a paid or cancelled invoice is never rewritten.',
  'Changing a plan mid-cycle is prorated by day to the cent: an upgrade opens an invoice, a downgrade leaves credit_cents.',
  'The PDF and XML tools return content_type, size and an API path, never the bytes: the person fetches the path with a token issued for the API.',
  'Writes accept an idempotency_key: retry with the same key and arguments and the write happens only once.',
].join(' ');
