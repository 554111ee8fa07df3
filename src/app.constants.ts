/** Path of the MCP endpoint, relative to `PUBLIC_URL`. */
export const MCP_PATH = '/mcp';

/** Prefix of the REST API's routes (no leading slash, as `@Controller()` takes it). */
export const API_V1 = 'api/v1';
