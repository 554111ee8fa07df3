/**
 * `@kobana/mcp/testing`: what tests read that is no part of the public API.
 * Host specs check a method's `@McpTool()` options by its metadata key, and
 * the replica tests look up a caller's counter in the shared store by its key.
 * Test code only: `tsconfig.build.json` leaves every `testing/` folder out of
 * the build, so nothing at runtime may import it.
 */
export { MCP_TOOL_METADATA } from '../mcp.constants';
export { rateLimitKey } from '../limits/mcp-rate-limit.key';
