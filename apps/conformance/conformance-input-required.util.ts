import { HttpStatus } from '@nestjs/common';
import { JsonRpcErrorCode, JsonRpcException } from '@kobana/mcp';
import type { McpCallContext, McpInputRequest } from '@kobana/mcp';

/** An `elicitation/create` input request for a form of string (or boolean) fields. */
export function elicit(message: string, fields: Record<string, 'string' | 'boolean'>): McpInputRequest {
  return {
    method: 'elicitation/create',
    params: {
      mode: 'form',
      message,
      requestedSchema: {
        type: 'object',
        properties: Object.fromEntries(Object.entries(fields).map(([name, type]) => [name, { type }])),
        required: Object.keys(fields),
      },
    },
  };
}

/** A `sampling/createMessage` input request with one user message. */
export function sample(text: string, maxTokens: number): McpInputRequest {
  return { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text } }], maxTokens } };
}

export const LIST_ROOTS: McpInputRequest = { method: 'roots/list', params: {} };

/** The answer to `key`, when the client sent one (the module has checked that `inputResponses` is an object of objects). */
export function answer(context: McpCallContext, key: string): Record<string, unknown> | undefined {
  const value = context.inputResponses?.[key];
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
}

/** The form content of an accepted elicitation, else undefined (declined, cancelled or absent). */
export function accepted(response: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  return response?.action === 'accept' && typeof response.content === 'object' && response.content !== null
    ? (response.content as Record<string, unknown>)
    : undefined;
}

/** The text of a `CreateMessageResult`. */
export function sampledText(response: Record<string, unknown> | undefined): string | undefined {
  const content = response?.content as { type?: string; text?: unknown } | undefined;
  return content?.type === 'text' && typeof content.text === 'string' ? content.text : undefined;
}

/** A request the client cannot be asked, because it did not declare the capability (SEP-2575: -32021, HTTP 400). */
export function requireCapability(context: McpCallContext, capability: 'elicitation' | 'sampling' | 'roots'): void {
  if (context.era === '2026' && context.clientCapabilities?.[capability] === undefined) {
    throw new JsonRpcException(JsonRpcErrorCode.MissingRequiredClientCapability, 'Missing required client capability', HttpStatus.BAD_REQUEST, {
      requiredCapabilities: { [capability]: {} },
    });
  }
}
