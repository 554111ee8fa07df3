import { IdempotencyMessages } from '@kobana/idempotency';

/**
 * The words a person reads before a destructive Billing tool runs (the
 * approval page and the chat's confirmation, docs/protocol.md §7): what the call
 * acts on, by name and amount, never only by id. Built by the tools'
 * `describe` hooks from the caller's organization's records.
 */
export const BillingConfirmationMessages = {
  /** `document` masked (see maskDocument): the approval keeps this text. */
  customer: (name: string, document: string) => `customer "${name}" (${document})`,
  customerDelete: (customer: string) => `${customer}: gone from listings for good; its invoices and NF-e remain`,
  invoice: (invoiceNumber: number, customer: string, total: string, dueDate: string) => `invoice #${invoiceNumber} of ${customer}, ${total}, due ${dueDate}`,
  nfe: (series: string, nfeNumber: number, invoice: string, reason: string) => `NF-e ${series}-${nfeNumber} of ${invoice}, cancelled because "${reason}"`,
  subscription: (plan: string, customer: string, amount: string) => `the ${plan} subscription of ${customer}, ${amount} per period`,
  replay: IdempotencyMessages.replayConfirmation,
  /** An amount in cents as the person reads it. */
  money: (cents: number) => `R$ ${(cents / 100).toFixed(2)}`,
} as const;
