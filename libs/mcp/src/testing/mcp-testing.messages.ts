/** Messages of the testing kit: each says what the test did and what it got, so a failure explains itself. */
export const McpTestingMessages = {
  notAnApp: 'McpTestClient needs an INestApplication or a compiled TestingModule',
  noCaller: 'McpTestClient needs a caller (with overrideMcpVerifier) or a token the app verifies',
  noTestingVerifier: 'The app does not use McpTestingVerifier: add overrideMcpVerifier(Test.createTestingModule(...)) before compile(), or pass a real token',
  notJson: (status: number, text: string) => `the MCP endpoint answered ${status} with a body that is not JSON: ${text.slice(0, 200)}`,
  noResult: (method: string, status: number, body: string) => `${method} answered ${status} without a result: ${body.slice(0, 500)}`,
  notInputRequired: (tool: string) => `${tool}: the call did not ask for a confirmation in the chat (input_required)`,
  notApprovalRequired: (tool: string) => `${tool}: the call did not answer an approval link (approval_required)`,
  notPending: (id: string) => `approval ${id} was not pending, so it could not be approved`,
  outputMissing: (tool: string) => `${tool}: the tool lists an outputSchema but its successful answer has no structuredContent (SDK clients refuse it)`,
  outputInvalid: (tool: string, errors: string) => `${tool}: structuredContent does not match the tool's outputSchema (SDK clients refuse it): ${errors}`,
  errorStructured: (tool: string) =>
    `${tool}: the tool lists an outputSchema and its error result has structuredContent (SDK 1.x clients validate it and throw instead of returning the error)`,
  restNotJson: (method: string, path: string, status: number) => `${method} ${path} answered ${status} with a body that is not JSON`,
} as const;
