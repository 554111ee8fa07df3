/**
 * Every message the module answers or logs, in one place, except those of
 * three parts that keep theirs beside them: `limits/mcp-limits.messages.ts`,
 * `confirmation/mcp-confirmation.messages.ts` and
 * `schema/json-schema.messages.ts`. The errors that carry them are all built
 * in `errors/`.
 */
export const McpMessages = {
  globalPrefixMovesRoutes: (prefix: string, path: string, moved: string[]) =>
    `McpModule: the global prefix "${prefix}" would move ${moved.join(', ')} under /${prefix.replace(/^\/+|\/+$/g, '')}; ` +
    `the MCP endpoint and its metadata must keep their own paths. Exclude them: app.setGlobalPrefix('${prefix}', { exclude: [${[
      path,
      `/.well-known/oauth-protected-resource${path}`,
      '/.well-known/oauth-protected-resource',
    ]
      .map((route) => `'${route.slice(1)}'`)
      .join(', ')}] })`,
  bodyTooLarge: (limit: number) => `Request body too large (limit ${limit} bytes)`,
  methodNotAllowed: () => 'Method not allowed: the MCP endpoint accepts POST only',
  originForbidden: (origin: string) => `Forbidden: origin ${origin} is not allowed`,
  unsupportedMediaType: () => 'Unsupported Media Type: Content-Type must be application/json',
  parseError: () => 'Parse error',
  tooDeep: (limit: number) => `Parse error: JSON nested deeper than ${limit} levels`,
  apiBodyTooDeep: (limit: number) => `JSON nested deeper than ${limit} levels`,
  forbiddenKey: () => 'Parse error: forbidden property name (__proto__ or constructor.prototype)',
  batchNotSupported: () => 'Batching is not supported',
  invalidRequest: (why: string) => `Invalid Request: ${why}`,
  headerMismatch: (header: string) => `Header mismatch: ${header}`,
  unsupportedVersion: () => 'Unsupported protocol version',
  envelopeRequired: (version: string) =>
    `MCP-Protocol-Version ${version} requires params._meta["io.modelcontextprotocol/protocolVersion"]; this server does not fall back to the handshake era`,
  capabilitiesRequired: () => 'Invalid params: params._meta["io.modelcontextprotocol/clientCapabilities"] must be an object',
  methodNotFound: (method: string) => `Method not found: ${method}`,
  invalidParams: (why: string) => `Invalid params: ${why}`,
  unreadableArguments: () => 'arguments could not be validated: a value is nested too deeply, or is an object where a number or text is expected',
  unknownTool: (name: string) => `Unknown tool: ${name}`,
  inputRequiredUnsupported: () =>
    'This needs input from the person or the client (elicitation, sampling or roots), which only protocol version 2026-07-28 can carry: nothing was done.',
  unknownPrompt: (name: string) => `Unknown prompt: ${name}`,
  unknownResourceTemplate: (uriTemplate: string) => `Unknown resource template: ${uriTemplate}`,
  resourceNotFound: () => 'Resource not found',
  missingArguments: (names: string[]) => `Invalid params: missing required argument(s): ${names.join(', ')}`,
  invalidCursor: () => 'Invalid params: invalid cursor',
  internalError: () => 'Internal error',
  missingToken: () => 'An access token issued for this MCP server is required',
  invalidToken: () => 'The access token is invalid, expired, revoked or was not issued for this MCP server',
  insufficientScope: (kind: string, scopes: string[]) => `This ${kind} needs the scope(s): ${scopes.join(' ')}`,
  duplicateTool: (name: string, first: string, second: string) =>
    `Duplicate MCP tool "${name}": declared by ${first} and by ${second}. Tool names must be unique.`,
  duplicateResource: (uri: string, first: string, second: string) =>
    `Duplicate MCP resource "${uri}": declared by ${first} and by ${second}. Resource URIs must be unique.`,
  duplicateResourceTemplate: (uriTemplate: string, first: string, second: string) =>
    `Duplicate MCP resource template "${uriTemplate}": declared by ${first} and by ${second}. URI templates must be unique.`,
  duplicatePrompt: (name: string, first: string, second: string) =>
    `Duplicate MCP prompt "${name}": declared by ${first} and by ${second}. Prompt names must be unique.`,
  duplicateCompletion: (target: string, argument: string, first: string, second: string) =>
    `Duplicate MCP completion for "${argument}" of ${target}: declared by ${first} and by ${second}.`,
  orphanCompletion: (owner: string, target: string, argument: string) =>
    `@McpCompletion() on ${owner} completes "${argument}" of ${target}, which declares no such argument or is not registered`,
  invalidUriTemplate: (uriTemplate: string, why: string) =>
    `Invalid MCP URI template "${uriTemplate}": ${why}. Only RFC 6570 level-1 templates ({name}) are supported.`,
  invalidPromptResult: (owner: string) => `${owner} must return a string or an array of { role: "user" | "assistant", content: { type, … } } messages`,
  invalidCompletionResult: (owner: string) => `${owner} must return an array of strings`,
  requestScopedMethod: (provider: string, method: string) =>
    `MCP decorators on ${provider}.${method} are ignored: request-scoped providers cannot serve MCP (they have no instance at start-up)`,
  inputSchemaWithDto: (tool: string) => `MCP tool "${tool}" declares both "inputSchema" and "input": choose one`,
  inputSchemaWithArgsSchema: (tool: string) => `MCP tool "${tool}" declares both "inputSchema" and @McpArgs({ schema }): choose one`,
  standardInputNotObject: (tool: string) =>
    `MCP tool "${tool}": its input schema must describe an object (z.object(), v.object(), type({ … })): MCP requires "type": "object" for arguments`,
  inputTwice: (tool: string) =>
    `MCP tool "${tool}" declares its arguments twice ("input" of @McpTool() and @McpArgs({ schema })) with different schemas: declare one, or the same constant in both`,
  standardSchemaNeedsNest12: (owner: string) =>
    `${owner} declares a Standard Schema, which needs StandardSchemaValidationPipe from @nestjs/common 12: upgrade Nest or declare a class-validator DTO`,
  inputSchemaNotObject: (tool: string) => `MCP tool "${tool}": "inputSchema" must be a JSON Schema with "type": "object"`,
  outputSchemaWithClass: (tool: string) => `MCP tool "${tool}" declares both "outputSchema" and "output": choose one`,
  outputSchemaNotObject: (tool: string) =>
    `MCP tool "${tool}": its output must be a JSON Schema with "type": "object" (MCP requires an object for structuredContent)`,
  missingInputType: (tool: string) =>
    `MCP tool "${tool}" takes @McpArgs() but its type is not a class: declare a DTO class as the parameter type or set "input" in @McpTool()`,
  confirmationNotDestructive: (tool: string) =>
    `MCP tool "${tool}" declares "confirmation" but not "destructiveHint: true": only destructive tools are confirmed`,
  confirmationRequirePersonNotBoolean: (tool: string) => `MCP tool "${tool}": "confirmation.requirePerson" must be true or false`,
  confirmationDescribeMissing: (tool: string, provider: string, method: string) =>
    `MCP tool "${tool}": "confirmation.describe" names ${provider}.${method}, which is not a method of that provider`,
  taskSupportInvalid: (tool: string) => `MCP tool "${tool}": "task.support" must be "optional" or "required"`,
  taskMethodMissing: (tool: string, role: string, provider: string, method: string) =>
    `MCP tool "${tool}": "task.${role}" names ${provider}.${method || '(nothing)'}, which is not a method of that provider`,
  tasksExtensionRequired: (what: string) =>
    `Missing required client capability: ${what} needs the tasks extension; declare "io.modelcontextprotocol/tasks" in params._meta["io.modelcontextprotocol/clientCapabilities"].extensions`,
  taskNotFound: () => 'Failed to retrieve task: Task not found',
  taskStateInvalid: (tool: string) => `The status method of MCP tool "${tool}" answered no task status`,
  toolValueNotJson: () => 'A tool returned a value JSON cannot represent (a function or a symbol)',
  unhandledError: (correlationId: string) => `Unhandled error in an MCP request (correlation id ${correlationId})`,
  notOverridable: (given: string, overridable: string[]) =>
    `McpModule cannot use a subclass in place of ${given}: "overrides" takes only ${overridable.join(', ')}`,
  overrideNotSubclass: (base: string, given: string) => `McpModule "overrides": ${given} must extend ${base} to be used in its place`,
  duplicateOverride: (base: string) => `McpModule "overrides" names ${base} twice: give one subclass per class`,
} as const;
