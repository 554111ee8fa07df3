/** Panel roles of a person in an organization, from most to least powerful. */
export const BILLING_ROLES = ['owner', 'admin', 'financial', 'viewer'] as const;
/** One of {@link BILLING_ROLES}. */
export type BillingRole = (typeof BILLING_ROLES)[number];

/** Panel permissions: what a role lets a person do in Automatic Billing. */
export type BillingPermission =
  | 'customers.read'
  | 'customers.write'
  | 'customers.delete'
  | 'subscriptions.read'
  | 'subscriptions.write'
  | 'subscriptions.cancel'
  | 'invoices.read'
  | 'invoices.write'
  | 'invoices.cancel'
  | 'nfes.read'
  | 'nfes.issue'
  | 'nfes.cancel'
  | 'audit.read';

const READ: BillingPermission[] = ['customers.read', 'subscriptions.read', 'invoices.read', 'nfes.read'];

/** Every panel permission: owners and admins hold the same ones. */
const MANAGE: BillingPermission[] = [
  ...READ,
  'customers.write',
  'customers.delete',
  'subscriptions.write',
  'subscriptions.cancel',
  'invoices.write',
  'invoices.cancel',
  'nfes.issue',
  'nfes.cancel',
  // What agents did in the organization, and on whose behalf.
  'audit.read',
];

/**
 * The panel's permission table. A client a person authorized can do what
 * that person could do in the panel, no more: each tool declares the roles
 * that hold its permission, so the others never see it.
 */
export const BILLING_ROLE_PERMISSIONS: Readonly<Record<BillingRole, readonly BillingPermission[]>> = {
  owner: MANAGE,
  admin: MANAGE,
  // Day-to-day billing: charges and issues, but deletes, cancellations and NF-e cancellations need an admin.
  financial: [...READ, 'customers.write', 'subscriptions.write', 'invoices.write', 'nfes.issue'],
  viewer: READ,
};
