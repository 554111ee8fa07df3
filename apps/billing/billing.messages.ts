/** Every message Billing's API and tools answer, in one place, so REST and MCP read the same. */
export const BillingMessages = {
  permissionMissing: (permission: string) => `Your panel role lacks the permission ${permission}`,
  notFound: (what: 'Customer' | 'Subscription' | 'Invoice' | 'NF-e') => `${what} not found`,
  customerHasSubscriptions: () => 'Customer has active subscriptions: cancel them first',
  documentTaken: (document: string) => `Another customer already has the document ${document}`,
  subscriptionNotActive: (status: string) => `Subscription is ${status}: only an active subscription can change`,
  samePlan: () => 'The subscription is already on this plan at this price',
  invoiceNotOpen: (status: string) => `Invoice is ${status}: only an open invoice can change`,
  invoiceUpsertClosed: (status: string) => `Invoice with this external_id is ${status}: a closed invoice is never rewritten`,
  invoiceHasNfe: () => 'Invoice has an issued NF-e: cancel the NF-e first',
  invoiceNotPaid: (status: string) => `Invoice is ${status}: an NF-e is issued only for a paid invoice`,
  nfeAlreadyIssued: () => 'Invoice already has an issued NF-e',
  nfeNotIssued: (status: string) => `NF-e is ${status}: only an issued NF-e can be cancelled`,
} as const;
