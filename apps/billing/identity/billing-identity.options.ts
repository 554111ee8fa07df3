import type { IdentityOptions } from '@kobana/identity';
import { BILLING_ALL_SCOPES } from '../billing.constants';
import { BILLING_ROLES } from './billing-roles';

/**
 * Billing's identity: `kbill_<audience>_…` tokens (so a leaked one is told
 * from Kadu's, and neither host accepts the other's), the panel's roles,
 * every Billing scope by default, generated users `<role>@<slug>.billing.local`.
 */
export const BILLING_IDENTITY_OPTIONS: IdentityOptions = {
  tokenPrefix: 'kbill',
  roles: BILLING_ROLES,
  defaultScopes: BILLING_ALL_SCOPES,
  generatedEmailDomain: 'billing.local',
  apiRealm: 'billing-api',
};
