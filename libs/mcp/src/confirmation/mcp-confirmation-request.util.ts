import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpCallContext } from '../interfaces/mcp-call-context.interface';
import { McpToolDefinition } from '../interfaces/mcp-tool-definition.interface';
import { McpApprovalKey } from '../interfaces/mcp-confirmation-store.interface';
import type { McpConfirmationStep } from '../audit/mcp-audit-note.util';

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
  /**
   * What the call acts on, in words, from the tool's `describe` hook (1–2
   * database reads in the hosts), run on the first call only. Asked for only
   * when the call does not run now: a call that runs gets the same refusal
   * from the tool itself.
   */
  describe(): Promise<McpConfirmationWords>;
  now: Date;
}

/**
 * The hook's words (`undefined` without a hook, or for a blank answer), or
 * its refusal as the answer: the very result the call itself would answer,
 * e.g. the route's 404 for a record that vanished.
 */
export type McpConfirmationWords = { subject: string | undefined } | { refusal: McpConfirmationOutcome };

/**
 * What the gate decided: answer `result` instead of running, or run the tool
 * now (the confirmation is already spent). `validatedArgs`: the arguments as
 * the gate validated them, which the call takes as they are instead of
 * validating them again; absent for a tool the gate let pass untouched.
 * `step`: what the audit trail records (none for a tool that needs no confirmation).
 */
export type McpConfirmationOutcome =
  { run: true; validatedArgs?: unknown; step?: McpConfirmationStep } | { run: false; result: Record<string, unknown>; step?: McpConfirmationStep };

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
