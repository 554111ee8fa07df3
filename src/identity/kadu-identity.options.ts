import { IdentityError, IdentityOptions } from '@kobana/identity';
import { DEFAULT_PLAN, isPlanName } from '../organizations/plan.catalog';
import { KADU_ROLES, KADU_SCOPES } from './kadu-identity.types';

/**
 * Kadu's identity: `kadu_<audience>_…` tokens, Kadu's roles and scopes,
 * generated users `<role>@<slug>.kadu.local`, and every organization on a
 * plan (the default one unless `ensureOrganization` names another).
 */
export const KADU_IDENTITY_OPTIONS: IdentityOptions = {
  tokenPrefix: 'kadu',
  roles: KADU_ROLES,
  defaultScopes: KADU_SCOPES,
  generatedEmailDomain: 'kadu.local',
  apiRealm: 'kadu-api',
  organizationValues: ({ plan = DEFAULT_PLAN }) => {
    if (typeof plan !== 'string' || !isPlanName(plan)) throw new IdentityError(`Unknown plan "${String(plan)}"`);
    return { plan };
  },
};
