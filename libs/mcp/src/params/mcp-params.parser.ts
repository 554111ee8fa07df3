import { McpEra } from '../interfaces/mcp-request.interface';
import { invalidParams } from '../errors/mcp-method.error';
import { McpMessages } from '../mcp.messages';

/*
 * The readers below name the param in their message by `path`, which
 * defaults to its key and spells out nested ones (`argument.value`).
 */

/** Reads an optional string param, refusing other types. */
export function optionalString(params: Record<string, unknown>, key: string, era: McpEra, path = key): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParams(era, McpMessages.invalidParams(`"${path}" must be a string`));
  return value;
}

/** Reads a required string param. */
export function requiredString(params: Record<string, unknown>, key: string, era: McpEra, path = key): string {
  const value = params[key];
  if (typeof value !== 'string') throw invalidParams(era, McpMessages.invalidParams(`"${path}" must be a string`));
  return value;
}

/** Reads an optional object param, refusing arrays and `null`. */
export function optionalObject(params: Record<string, unknown>, key: string, era: McpEra, path = key): Record<string, unknown> | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParams(era, McpMessages.invalidParams(`"${path}" must be an object`));
  }
  return value as Record<string, unknown>;
}

/** Reads an optional map of strings (prompt arguments, completion context): MCP sends their values as text. */
export function optionalStringRecord(params: Record<string, unknown>, key: string, era: McpEra, path = key): Record<string, string> | undefined {
  const value = optionalObject(params, key, era, path);
  if (value && Object.values(value).some((member) => typeof member !== 'string')) {
    throw invalidParams(era, McpMessages.invalidParams(`"${path}" must be an object of strings`));
  }
  return value as Record<string, string> | undefined;
}

/** List methods never hand out cursors (every list fits one page), so any cursor is one the server did not issue. */
export function rejectCursor(params: Record<string, unknown>, era: McpEra): void {
  if (optionalString(params, 'cursor', era) !== undefined) throw invalidParams(era, McpMessages.invalidCursor());
}
