import { McpInputRequired } from '../results/mcp-input-required.view';
import { McpToolResult } from '../results/mcp-tool.view';
import { McpApproval } from '../interfaces/mcp-confirmation-store.interface';
import { McpConfirmationMessages } from './mcp-confirmation.messages';

/** Longest rendering of one argument value in the elicitation message. */
const MAX_VALUE_CHARS = 120;
/** Most arguments named in the elicitation message. */
const MAX_ARGUMENTS = 8;

/** The era-2026 `input_required` result asking the person to confirm (docs/protocol.md §7, exact shape). */
export function confirmInputRequired(title: string, args: Record<string, unknown>, requestState: string, subject?: string): Record<string, unknown> {
  return new McpInputRequired(
    {
      confirm: {
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: subject ? McpConfirmationMessages.confirmSubjectPrompt(title, subject) : McpConfirmationMessages.confirmPrompt(title, summarize(args)),
          requestedSchema: {
            type: 'object',
            properties: { confirm: { type: 'boolean', title: McpConfirmationMessages.confirmTitle() } },
            required: ['confirm'],
          },
        },
      },
    },
    requestState,
  ).toResult();
}

/**
 * The person declined, cancelled or answered `confirm: false`. Words only: a
 * `structuredContent` would have to match the tool's output schema, which
 * describes what the tool answers when it runs (docs/protocol.md §4).
 */
export function declinedResult(title: string): McpToolResult {
  return { content: [{ type: 'text', text: McpConfirmationMessages.declined(title) }], isError: true };
}

/** Nothing ran: the link the person must open, and what the model must do after. Not an error. */
export function approvalRequiredResult(title: string, approval: McpApproval, url: string): McpToolResult {
  return {
    content: [{ type: 'text', text: McpConfirmationMessages.approvalRequired(title, approval.tool, url, approval.expires_at) }],
    structuredContent: { status: 'approval_required', approval_id: approval.id, approval_url: url, expires_at: approval.expires_at },
  };
}

/**
 * The approval as a URL-mode elicitation (era 2026, `elicitation.url`): the
 * client opens the host's approval page, where only the signed-in person can
 * choose; nothing about the call is in the URL (the approval's id only).
 */
export function approvalUrlInputRequired(title: string, approval: McpApproval, url: string, requestState: string): Record<string, unknown> {
  return new McpInputRequired(
    {
      approve: {
        method: 'elicitation/create',
        params: { mode: 'url', elicitationId: approval.id, url, message: McpConfirmationMessages.approvalUrlPrompt(title, approval.tool, approval.expires_at) },
      },
    },
    requestState,
  ).toResult();
}

/** The approval was cancelled on the page, or expired: nothing ran, and the next call starts over. Words only, as {@link declinedResult}. */
export function approvalClosedResult(title: string, approval: McpApproval, status: 'cancelled' | 'expired'): McpToolResult {
  const text =
    status === 'cancelled' ? McpConfirmationMessages.approvalCancelled(title, approval.tool) : McpConfirmationMessages.approvalExpired(title, approval.tool);
  return { content: [{ type: 'text', text }], isError: true };
}

/** `name: value` pairs of the arguments that change what happens (`idempotency_key` only repeats a call), bounded in size. */
export function summarize(args: Record<string, unknown>): string {
  const relevant = Object.entries(args).filter(([key, value]) => key !== 'idempotency_key' && value !== undefined);
  const shown = relevant.slice(0, MAX_ARGUMENTS).map(([key, value]) => `${key}: ${clip(JSON.stringify(value))}`);
  if (relevant.length > MAX_ARGUMENTS) shown.push(`and ${relevant.length - MAX_ARGUMENTS} more`);
  return shown.join(', ');
}

function clip(text: string): string {
  return text.length <= MAX_VALUE_CHARS ? text : `${text.slice(0, MAX_VALUE_CHARS - 1)}…`;
}
