import type { Attributes } from '@opentelemetry/api';
import { JsonRpcMessage } from '../interfaces/json-rpc.interface';

/**
 * Attribute names of the OpenTelemetry semantic conventions for MCP
 * (`docs/gen-ai/mcp.md`, status Development), spelled here once.
 */
export const MCP_ATTR = {
  methodName: 'mcp.method.name',
  protocolVersion: 'mcp.protocol.version',
  resourceUri: 'mcp.resource.uri',
  requestId: 'jsonrpc.request.id',
  toolName: 'gen_ai.tool.name',
  promptName: 'gen_ai.prompt.name',
  operationName: 'gen_ai.operation.name',
  errorType: 'error.type',
  responseStatusCode: 'rpc.response.status_code',
  networkTransport: 'network.transport',
  networkProtocolName: 'network.protocol.name',
} as const;

/** `error.type` of a `tools/call` answered with `isError: true` (the conventions' own value). */
export const MCP_TOOL_ERROR = 'tool_error';

/** The operation's target: the tool or prompt named by the request, the only low-cardinality ones. */
function targetOf(message: JsonRpcMessage): { tool?: string; prompt?: string } {
  const name = message.params?.name;
  if (typeof name !== 'string') return {};
  if (message.method === 'tools/call') return { tool: name };
  if (message.method === 'prompts/get') return { prompt: name };
  return {};
}

/**
 * The span name, `{mcp.method.name} {target}` with the tool or prompt name as
 * target, else the method alone. A resource URI is never part of it (the
 * conventions advise against its cardinality by default).
 */
export function mcpSpanName(message: JsonRpcMessage): string {
  const { tool, prompt } = targetOf(message);
  const target = tool ?? prompt;
  return target === undefined ? message.method : `${message.method} ${target}`;
}

/**
 * The attributes of one operation, shared by its span and its duration
 * metric (`mcp.protocol.version` and `error.type` are added when it ends), except `jsonrpc.request.id` and `mcp.resource.uri` (high
 * cardinality: on the span only, see {@link mcpSpanOnlyAttributes}).
 */
export function mcpOperationAttributes(message: JsonRpcMessage): Attributes {
  const attributes: Attributes = {
    [MCP_ATTR.methodName]: message.method,
    [MCP_ATTR.networkTransport]: 'tcp',
    [MCP_ATTR.networkProtocolName]: 'http',
  };
  const { tool, prompt } = targetOf(message);
  if (tool !== undefined) {
    attributes[MCP_ATTR.toolName] = tool;
    attributes[MCP_ATTR.operationName] = 'execute_tool';
  }
  if (prompt !== undefined) attributes[MCP_ATTR.promptName] = prompt;
  return attributes;
}

/** What only the span carries: the request id (never for a notification) and the resource read. */
export function mcpSpanOnlyAttributes(message: JsonRpcMessage): Attributes {
  const attributes: Attributes = {};
  if (message.id !== undefined && message.id !== null) attributes[MCP_ATTR.requestId] = String(message.id);
  const uri = message.params?.uri;
  if (typeof uri === 'string' && message.method.startsWith('resources/')) attributes[MCP_ATTR.resourceUri] = uri;
  return attributes;
}
