/**
 * `@kobana/mcp/testing`: the testing kit for hosts, and what tests read that
 * is no part of the public API. Test code only: `tsconfig.build.json`
 * leaves every `testing/` folder out of the hosts' build, so nothing at
 * runtime may import it.
 */
// Host specs check a method's `@McpTool()` options by its metadata key, and
// the replica tests look up a caller's counter in the shared store by its key.
export { MCP_TOOL_METADATA } from '../mcp.constants';
export { rateLimitKey } from '../limits/mcp-rate-limit-key.util';

export { McpTestClient } from './mcp-test.client';
export type { McpTestClientOptions, McpTestEra, McpTestModuleRef, McpElicitationAnswer } from './mcp-test.client';
export { McpTestError } from './mcp-test.error';
export { expectToolOutputMatches } from './mcp-test-output.util';
export type { McpToolOutcome, McpTestApprovalLink, McpTestJson, McpTestObject } from './mcp-test.view';
export { McpTestingVerifier } from './mcp-testing-verifier.provider';
export type { McpTestCaller } from './mcp-testing-verifier.provider';
export { overrideMcpVerifier } from './mcp-testing-override.util';
export type { McpOverridableBuilder } from './mcp-testing-override.util';
export { expectToolMatchesRoute, describeParity } from './mcp-test-parity.util';
export type { McpParityCase, McpParityRoute, McpParityOptions, McpParityAnswer } from './mcp-test-parity.util';
export type { McpTestHttpResponse } from './mcp-test-http.client';
