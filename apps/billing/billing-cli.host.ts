import type { HostCliDescriptor } from '@kobana/platform/cli';
import { BILLING_ROLES } from './identity/billing-roles.constants';
import { BILLING_OAUTH_SCOPES } from './oauth/billing-oauth.messages';

/**
 * Billing as its CLI's help shows it. Kept apart from the descriptor, which
 * imports every module of Billing, so that `npm run cli:billing -- help`
 * loads none of them; `BILLING` spreads it, so the two cannot differ.
 */
export const BILLING_CLI = {
  name: 'billing',
  title: 'Kobana Billing',
  roles: BILLING_ROLES,
  scopes: BILLING_OAUTH_SCOPES,
  cli: { command: 'npm run cli:billing --' },
} satisfies HostCliDescriptor;
