/** Every message the module answers or logs, in one place. */
export const McpMessages = {
  bodyTooLarge: (limit: number) => `Request body too large (limit ${limit} bytes)`,
  methodNotAllowed: () => 'Method not allowed: the MCP endpoint accepts POST only',
  originForbidden: (origin: string) => `Forbidden: origin ${origin} is not allowed`,
  unsupportedMediaType: () => 'Unsupported Media Type: Content-Type must be application/json',
  parseError: () => 'Parse error',
  forbiddenKey: () => 'Parse error: forbidden property name (__proto__ or constructor.prototype)',
  batchNotSupported: () => 'Batching is not supported',
  invalidRequest: (why: string) => `Invalid Request: ${why}`,
  headerMismatch: (header: string) => `Header mismatch: ${header}`,
  unsupportedVersion: () => 'Unsupported protocol version',
  envelopeRequired: (version: string) =>
    `MCP-Protocol-Version ${version} requires params._meta["io.modelcontextprotocol/protocolVersion"]; this server does not fall back to the handshake era`,
  capabilitiesRequired: () =>
    'Invalid params: params._meta["io.modelcontextprotocol/clientCapabilities"] must be an object',
  methodNotFound: (method: string) => `Method not found: ${method}`,
  invalidParams: (why: string) => `Invalid params: ${why}`,
  unknownTool: (name: string) => `Unknown tool: ${name}`,
  invalidCursor: () => 'Invalid params: invalid cursor',
  internalError: () => 'Internal error',
  missingToken: () => 'An access token issued for this MCP server is required',
  invalidToken: () => 'The access token is invalid, expired, revoked or was not issued for this MCP server',
  insufficientScope: (scopes: string[]) => `This tool needs the scope(s): ${scopes.join(' ')}`,
  duplicateTool: (name: string, first: string, second: string) =>
    `Duplicate MCP tool "${name}": declared by ${first} and by ${second}. Tool names must be unique.`,
  requestScopedTool: (provider: string, method: string) =>
    `@McpTool() on ${provider}.${method} is ignored: request-scoped providers cannot be tools (they have no instance at start-up)`,
  missingInputType: (tool: string) =>
    `MCP tool "${tool}" takes @McpArgs() but its type is not a class: declare a DTO class as the parameter type or set "input" in @McpTool()`,
  unhandledError: (correlationId: string) => `Unhandled error in an MCP request (correlation id ${correlationId})`,
} as const;
