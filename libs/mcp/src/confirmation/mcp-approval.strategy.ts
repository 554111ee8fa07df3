import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpApproval, McpConfirmationStore } from '../interfaces/mcp-confirmation-store.interface';
import { McpConfirmationOutcome, McpConfirmationRequest, answer, sameKey } from './mcp-confirmation-request.util';
import { McpRequestStateSigner } from './mcp-request-state.codec';
import { invalidRequestState } from '../errors/mcp-confirmation.error';
import { McpCallContext } from '../interfaces/mcp-call-context.interface';
import type { McpAuditDecision } from '../interfaces/mcp-audit-sink.interface';
import { approvalClosedResult, approvalRequiredResult, approvalUrlInputRequired } from './mcp-confirmation.view';
import { McpSensitivePlan, shownSensitive, toolSensitivePlan } from '../audit/mcp-sensitive.policy';
import type { McpToolDefinition } from '../interfaces/mcp-tool-definition.interface';

/**
 * Confirmation by link (era 2025; era 2026 without elicitation): the first
 * call creates a pending approval and answers its link; the repeated
 * identical call answers the same link until a person decides, runs the
 * tool once after Continue (the approval is consumed atomically first), and
 * after Cancel or expiry says so and closes it, so the next call starts over.
 *
 * A client that declares `elicitation.url` (era 2026) gets the same approval
 * as an `input_required` URL-mode elicitation of the approval page, with a
 * signed `requestState`; its retry is the repeated identical call (a
 * `requestState` it carries must be one this server issued for that call).
 */
@Injectable()
export class McpApprovalConfirmer {
  /** Each tool's sensitive properties, read once (`undefined` when it has none). */
  private readonly plans = new Map<string, McpSensitivePlan | undefined>();

  constructor(
    @Inject(MCP_RESOLVED_OPTIONS) private readonly options: McpResolvedOptions,
    @Inject(McpConfirmationStore) private readonly store: McpConfirmationStore,
    private readonly signer: McpRequestStateSigner,
  ) {}

  async confirm(request: McpConfirmationRequest): Promise<McpConfirmationOutcome> {
    if (declaresUrlElicitation(request.context) && request.context.requestState !== undefined) {
      const state = this.signer.verify(request.context.requestState);
      if (!state || !sameKey(state, request.key)) throw invalidRequestState();
    }
    const open = await this.store.findOpenApproval(request.key);
    const expired = open !== undefined && Date.parse(open.expires_at) <= request.now.getTime();
    // Approved and in time: the call runs without the hook's words, which only a question needs
    // (for a record that vanished meanwhile the tool answers the hook's 404 itself).
    if (open?.status === 'approved' && !expired && (await this.store.consumeApproval(open.id, request.now))) {
      return { run: true, step: { decision: 'confirmation_approved', approval_id: open.id, approved_by: open.decided_by } };
    }
    // Every other answer comes after the hook, as when it ran first: its refusal is the answer, and nothing is stored or closed.
    const words = await request.describe();
    if ('refusal' in words) return words.refusal;
    if (!open) return this.required(request, await this.store.createApproval(this.newApproval(request, words.subject)), 'confirmation_asked');
    if (open.status === 'cancelled') return this.close(request, open, 'cancelled');
    if (expired) return this.close(request, open, 'expired');
    if (open.status === 'pending') return this.required(request, open, 'confirmation_asked');
    // A concurrent identical call consumed it first: this one is a new call, so it needs a new approval.
    return this.required(request, await this.store.createApproval(this.newApproval(request, words.subject)), 'confirmation_replayed');
  }

  private newApproval(request: McpConfirmationRequest, subject: string | undefined) {
    const { key, caller, context, args, now } = request;
    // clientInfo is optional and unchecked by the envelope: a name that is not text counts as none (an object made the store throw).
    const sentName: unknown = context.era === '2026' ? context.clientInfo?.name : undefined;
    const clientName = (typeof sentName === 'string' ? sentName : '') || caller.client_name || caller.client_id;
    return {
      ...key,
      id: randomUUID(),
      client_name: clientName,
      // Never a sensitive value in the clear: the page shows what the DTO lets a person see, the digest in the key matches the call.
      arguments: shownSensitive(args, this.planOf(request.tool)),
      summary: subject ?? null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + this.options.approvalTtlSeconds * 1000).toISOString(),
    };
  }

  private planOf(tool: McpToolDefinition): McpSensitivePlan | undefined {
    if (!this.plans.has(tool.name)) this.plans.set(tool.name, toolSensitivePlan(tool));
    return this.plans.get(tool.name);
  }

  private required(request: McpConfirmationRequest, approval: McpApproval, decision: McpAuditDecision): McpConfirmationOutcome {
    const url = this.options.approvalUrl(approval.id);
    const result = declaresUrlElicitation(request.context)
      ? approvalUrlInputRequired(request.title, approval, url, this.signer.issue(request.key, request.now))
      : approvalRequiredResult(request.title, approval, url);
    return answer(result, { decision, approval_id: approval.id });
  }

  private async close(request: McpConfirmationRequest, approval: McpApproval, status: 'cancelled' | 'expired'): Promise<McpConfirmationOutcome> {
    await this.store.closeApproval(approval.id, request.now);
    return answer(approvalClosedResult(request.title, approval, status), {
      decision: status === 'cancelled' ? 'confirmation_declined' : 'confirmation_expired',
      approval_id: approval.id,
      approved_by: approval.decided_by,
    });
  }
}

/** Era 2026 and `elicitation.url` declared: the client can send the person to a page (URL-mode elicitation). */
function declaresUrlElicitation(context: McpCallContext): boolean {
  const url = (context.clientCapabilities?.elicitation as Record<string, unknown> | undefined)?.url;
  return context.era === '2026' && url !== null && typeof url === 'object' && !Array.isArray(url);
}
