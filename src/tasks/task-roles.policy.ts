import type { KaduRole } from '../identity/kadu-identity.constants';

/** Roles that may create, change and delete tasks. */
export const TASK_EDITOR_ROLES: KaduRole[] = ['owner', 'admin', 'operator'];
/** Roles that may change who runs a task. */
export const TASK_ADMIN_ROLES: KaduRole[] = ['owner', 'admin'];
/** Who may run a new task until its permissions are changed. */
export const DEFAULT_RUN_ROLES: KaduRole[] = ['owner', 'admin', 'operator'];
