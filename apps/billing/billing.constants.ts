/** Path of Billing's MCP endpoint, relative to `PUBLIC_URL`. */
export const BILLING_MCP_PATH = '/mcp';

/** Prefix of Billing's REST routes (no leading slash, as `@Controller()` takes it). */
export const BILLING_API_V1 = 'api/v1';

/** Scopes Billing's tools, resources and routes declare. */
export const BILLING_SCOPES = { read: 'billing:read', write: 'billing:write' } as const;
