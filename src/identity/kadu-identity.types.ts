/** Roles a person holds in a Kadu organization, from most to least powerful. */
export const KADU_ROLES = ['owner', 'admin', 'operator', 'viewer'] as const;
/** One of {@link KADU_ROLES}. */
export type KaduRole = (typeof KADU_ROLES)[number];

/** Scopes Kadu's tools and routes declare. */
export const KADU_SCOPES = ['kadu:read', 'kadu:write', 'kadu:run'] as const;
