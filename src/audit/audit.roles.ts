import type { KaduRole } from '../identity/kadu-identity.types';

/** Who may read what agents did in the organization: owners and admins (the events name people and what they asked for). */
export const AUDIT_ROLES: KaduRole[] = ['owner', 'admin'];
