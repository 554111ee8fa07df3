import type { KaduRole } from '../identity/kadu-identity.constants';

/** Webhooks decide where an organization's data goes: owners and admins only, reads included (URLs can be sensitive). */
export const WEBHOOK_ROLES: KaduRole[] = ['owner', 'admin'];
