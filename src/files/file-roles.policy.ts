import type { KaduRole } from '../identity/kadu-identity.constants';

/** Roles that may upload and delete files (viewers only read). */
export const FILE_WRITER_ROLES: KaduRole[] = ['owner', 'admin', 'operator'];
