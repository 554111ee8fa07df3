import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpCallContext } from '../interfaces/mcp-call-context.interface';
import { McpToolDefinition } from '../interfaces/mcp-tool-definition.interface';
import { McpApprovalKey } from '../interfaces/mcp-confirmation-store.interface';
import type { McpConfirmationStep } from '../audit/mcp-audit.note';

/** One `tools/call` of a destructive tool, as the confirmers see it. */
export interface McpConfirmationRequest {
  tool: McpToolDefinition;
  args: Record<string, unknown>;
  caller: McpCaller;
  context: McpCallContext;
  /** What the call is bound to: caller, tool, digest of the arguments. */
  key: McpApprovalKey;
  /** The tool's title (its name when it has none), for the person. */
  title: string;
  /** What the call acts on, in words, from the tool's `describe` hook; `undefined` without one. */
  subject?: string;
  now: Date;
}

/**
 * What a confirmer decided: answer `result` instead of running, or run the
 * tool now (the confirmation is already spent); `step` is what the audit
 * trail records (none for a tool that needs no confirmation).
 */
export type McpConfirmationOutcome = { run: true; step?: McpConfirmationStep } | { run: false; result: Record<string, unknown>; step?: McpConfirmationStep };

/** Nothing runs; the caller gets `result`. */
export function answer(result: object, step?: McpConfirmationStep): McpConfirmationOutcome {
  return { run: false, result: { ...result }, ...(step ? { step } : {}) };
}

/** True when both keys name the same caller, tool and arguments. */
export function sameKey(a: McpApprovalKey, b: McpApprovalKey): boolean {
  return (
    a.organization_id === b.organization_id && a.subject === b.subject && a.client_id === b.client_id && a.tool === b.tool && a.args_digest === b.args_digest
  );
}
