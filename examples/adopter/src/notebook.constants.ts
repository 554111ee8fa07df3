/** Roles of a member in their organization, most powerful first. */
export const NOTEBOOK_ROLES = ['owner', 'member'] as const;

/** A member's role. */
export type NotebookRole = (typeof NOTEBOOK_ROLES)[number];

/** The scopes a token of the Notebook may carry. */
export const NOTEBOOK_SCOPES = { read: 'notes:read', audit: 'notes:audit' } as const;

/** Where the MCP endpoint listens, relative to `PUBLIC_URL`. */
export const NOTEBOOK_MCP_PATH = '/mcp';
