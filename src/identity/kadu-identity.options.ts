import { IdentityError, IdentityOptions } from '@kobana/identity';
import { DEFAULT_PLAN, isPlanName } from '../organizations/plan-catalog.constants';

/** What Kadu adds to the identity the platform builds: every organization on a plan (the default one unless `ensureOrganization` names another). */
export const KADU_IDENTITY_EXTRAS: Pick<IdentityOptions, 'organizationValues'> = {
  organizationValues: ({ plan = DEFAULT_PLAN }) => {
    if (typeof plan !== 'string' || !isPlanName(plan)) throw new IdentityError(`Unknown plan "${String(plan)}"`);
    return { plan };
  },
};
