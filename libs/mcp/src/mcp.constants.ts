/** Metadata key of `@McpTool()` on a provider method. */
export const MCP_TOOL_METADATA = 'kobana:mcp:tool';
/** Metadata key of `@McpResource()` on a provider method. */
export const MCP_RESOURCE_METADATA = 'kobana:mcp:resource';
/** Metadata key of `@McpResourceTemplate()` on a provider method. */
export const MCP_RESOURCE_TEMPLATE_METADATA = 'kobana:mcp:resource-template';
/** Metadata key of `@McpPrompt()` on a provider method. */
export const MCP_PROMPT_METADATA = 'kobana:mcp:prompt';
/** Metadata key of `@McpCompletion()` on a provider method. */
export const MCP_COMPLETION_METADATA = 'kobana:mcp:completion';
/** Metadata key of the properties `@McpSensitive()` marks on a DTO class. */
export const MCP_SENSITIVE_METADATA = 'kobana:mcp:sensitive';
/** Per DTO class: how each sensitive property is shown to a person (`McpSensitive({ shown })`), by property name. */
export const MCP_SENSITIVE_SHOWN_METADATA = 'kobana:mcp:sensitive-shown';
/**
 * The JSON Schema keyword that marks a tool argument sensitive, as
 * `@McpSensitive()` marks a DTO property: `true` on a property's schema
 * (Zod: `.meta({ 'x-mcp-sensitive': true })`). Read at start-up and removed
 * from the listed schema.
 */
export const X_MCP_SENSITIVE = 'x-mcp-sensitive';
/** Metadata key of the parameter bindings (`@McpCaller()`, `@McpArgs()`, …) of an MCP method. */
export const MCP_PARAMS_METADATA = 'kobana:mcp:params';

/** Most values one `completion/complete` answer may carry (MCP `CompleteResult`). */
export const MCP_COMPLETION_MAX_VALUES = 100;

/** Injection token of the resolved module options (defaults merged). */
export const MCP_RESOLVED_OPTIONS = Symbol('McpResolvedOptions');
/** Injection token of the endpoint path (a module extra, known before any provider is built). */
export const MCP_PATH = Symbol('McpPath');

/** Name under which the bearer strategy is registered with passport. */
export const MCP_BEARER_STRATEGY = 'kobana-mcp-bearer';

/** The era that has no handshake: every request carries its own envelope. */
export const MCP_ERA_2026 = '2026-07-28';
/** Versions this module speaks, newest first, in the order clients are told. */
export const MCP_SUPPORTED_VERSIONS = ['2026-07-28', '2025-06-18', '2025-03-26'] as const;
/** Versions negotiated by `initialize`. */
export const MCP_HANDSHAKE_VERSIONS = ['2025-06-18', '2025-03-26'] as const;
/** What `initialize` answers to a version outside the 2025 era. */
export const MCP_HANDSHAKE_FALLBACK_VERSION = '2025-06-18';
/** What a request without `MCP-Protocol-Version` is treated as (transport spec, backward compatibility). */
export const MCP_DEFAULT_LEGACY_VERSION = '2025-03-26';

/** `_meta` keys of the 2026-07-28 envelope. */
export const MCP_META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

/** JSON-RPC error codes used by the module. */
export const JsonRpcErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  ResourceNotFound: -32002,
  HeaderMismatch: -32020,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
  RateLimited: -32029,
  Unavailable: -32030,
} as const;

/** Request headers of the transport, lower-cased as Node exposes them. */
export const MCP_HEADER = {
  protocolVersion: 'mcp-protocol-version',
  method: 'mcp-method',
  name: 'mcp-name',
  paramPrefix: 'mcp-param-',
} as const;
