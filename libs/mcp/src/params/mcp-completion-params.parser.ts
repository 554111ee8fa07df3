import { McpEra } from '../interfaces/mcp-request.interface';
import { McpCompletionRef } from '../interfaces/mcp-completion-options.interface';
import { McpMessages } from '../mcp.messages';
import { invalidParams } from '../errors/mcp-method.error';
import { optionalObject, optionalStringRecord, requiredString } from './mcp-params.parser';

/** The params of `completion/complete`, checked. */
export interface McpCompletionParams {
  ref: McpCompletionRef;
  argument: { name: string; value: string };
  /** `context.arguments`: what the client already chose for the other arguments. */
  resolved: Record<string, string>;
}

/** Reads `ref`, `argument` and `context` of `completion/complete`; any other shape is -32602. */
export function readCompletionParams(params: Record<string, unknown>, era: McpEra): McpCompletionParams {
  const ref = requiredObject(params, 'ref', era);
  const argument = requiredObject(params, 'argument', era);
  const context = optionalObject(params, 'context', era) ?? {};
  return {
    ref: readRef(ref, era),
    argument: { name: requiredString(argument, 'name', era, 'argument.name'), value: requiredString(argument, 'value', era, 'argument.value') },
    resolved: { ...optionalStringRecord(context, 'arguments', era, 'context.arguments') },
  };
}

function readRef(ref: Record<string, unknown>, era: McpEra): McpCompletionRef {
  switch (ref.type) {
    case 'ref/prompt':
      return { type: 'ref/prompt', name: requiredString(ref, 'name', era, 'ref.name') };
    case 'ref/resource':
      return { type: 'ref/resource', uri: requiredString(ref, 'uri', era, 'ref.uri') };
    default:
      throw invalidParams(era, McpMessages.invalidParams('"ref.type" must be "ref/prompt" or "ref/resource"'));
  }
}

function requiredObject(params: Record<string, unknown>, key: string, era: McpEra): Record<string, unknown> {
  const value = optionalObject(params, key, era);
  if (!value) throw invalidParams(era, McpMessages.invalidParams(`"${key}" must be an object`));
  return value;
}
