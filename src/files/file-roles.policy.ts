import type { KaduRole } from '../identity/kadu-identity.types';

/** Roles that may upload and delete files (viewers only read). */
export const FILE_WRITER_ROLES: KaduRole[] = ['owner', 'admin', 'operator'];
