import { MCP_META } from '../mcp.constants';
import { McpCallContext } from '../interfaces/mcp-call-context.interface';
import { McpMethodContext } from '../interfaces/mcp-method-context.interface';
import { invalidParams } from '../errors/mcp-method.error';
import { optionalObject, optionalString } from './mcp-params.parser';
import { McpMessages } from '../mcp.messages';

/** What `@McpContext()` receives, read from what the pipeline proved about the request. */
export function mcpCallContext({ era, state, message, params }: McpMethodContext): McpCallContext {
  const round = era === '2026' ? inputRound(params) : {};
  return {
    ...round,
    era,
    protocolVersion: state.version!,
    clientInfo: state.meta?.[MCP_META.clientInfo] as McpCallContext['clientInfo'],
    clientCapabilities: state.meta?.[MCP_META.clientCapabilities] as Record<string, unknown> | undefined,
    requestId: message.id,
  };
}

/** `inputResponses` (an object of objects) and `requestState` (a string) of a retried multi-round request; -32602 otherwise. */
function inputRound(params: Record<string, unknown>): Pick<McpCallContext, 'inputResponses' | 'requestState'> {
  if (params.inputResponses === null) throw invalidParams('2026', McpMessages.invalidParams('"inputResponses" must be an object of objects'));
  const inputResponses = optionalObject(params, 'inputResponses', '2026');
  if (inputResponses && Object.values(inputResponses).some((answer) => answer === null || typeof answer !== 'object' || Array.isArray(answer))) {
    throw invalidParams('2026', McpMessages.invalidParams('"inputResponses" must be an object of objects'));
  }
  const requestState = optionalString(params, 'requestState', '2026');
  return {
    ...(inputResponses ? { inputResponses: inputResponses as Record<string, Record<string, unknown>> } : {}),
    ...(requestState !== undefined ? { requestState } : {}),
  };
}
