/** Roles a person holds in a Kadu organization, from most to least powerful. */
export const KADU_ROLES = ['owner', 'admin', 'operator', 'viewer'] as const;
/** One of {@link KADU_ROLES}. */
export type KaduRole = (typeof KADU_ROLES)[number];
