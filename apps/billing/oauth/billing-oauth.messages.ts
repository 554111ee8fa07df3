import type { OAuthScopeDescription } from '@kobana/oauth';
import { BILLING_SCOPES } from '../billing.constants';

/** Billing's scopes in the words its consent page shows, in the order it lists them. */
export const BILLING_OAUTH_SCOPES: OAuthScopeDescription[] = [
  { scope: BILLING_SCOPES.read, description: 'See your organization’s customers, subscriptions, invoices and NF-e' },
  { scope: BILLING_SCOPES.write, description: 'Create, change and cancel customers, subscriptions, invoices and NF-e' },
];
