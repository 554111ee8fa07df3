/** OAuth clients the HTTP rows rotate over (growth.server.ts makes one token each). */
export const GROWTH_CLIENTS = 16;
/** The seeded demo organization's slug and id (growth.measure.ts). */
export const GROWTH_ORGANIZATION = 'org-0';
/** Prefix of those clients' ids: their own audit events are deleted before each row, so the trail stays the seeded one. */
export const GROWTH_CLIENT_PREFIX = 'growth-http-';
