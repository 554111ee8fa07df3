import { Inject, Injectable } from '@nestjs/common';
import { invalidConfirmationAnswer, invalidRequestState } from '../errors/mcp-confirmation.errors';
import { McpConfirmationStore } from '../interfaces/mcp-confirmation-store.interface';
import { McpRequestStateSigner } from './mcp-request-state.signer';
import { McpConfirmationOutcome, McpConfirmationRequest, answer, sameKey } from './mcp-confirmation.request';
import type { McpAuditDecision } from '../interfaces/mcp-audit-sink.interface';
import { confirmInputRequired, declinedResult } from './mcp-confirmation.results';

const ACTIONS = new Set(['accept', 'decline', 'cancel']);

/**
 * In-chat confirmation (era 2026, client declared `elicitation`): asks with
 * `input_required`, and runs the tool on a retry that carries an accepted
 * `confirm: true` and a `requestState` this server signed for the same
 * caller, tool and arguments, whose nonce it spends first.
 */
@Injectable()
export class McpElicitationConfirmer {
  constructor(
    private readonly signer: McpRequestStateSigner,
    @Inject(McpConfirmationStore) private readonly store: McpConfirmationStore,
  ) {}

  async confirm(request: McpConfirmationRequest): Promise<McpConfirmationOutcome> {
    const { requestState, inputResponses } = request.context;
    if (requestState === undefined) return this.ask(request, 'confirmation_asked');
    const state = this.signer.verify(requestState);
    // Forged, edited, or issued to another caller, tool or arguments: the client misbehaves, so an error (the conformance suite requires one).
    if (!state || !sameKey(state, request.key)) throw invalidRequestState();
    if (state.expires_at <= request.now.getTime()) return this.ask(request, 'confirmation_expired');
    const reply = inputResponses?.confirm;
    if (reply === undefined) return this.ask(request, 'confirmation_asked');
    if (!accepted(reply)) return answer(declinedResult(request.title), { decision: 'confirmation_declined' });
    // Spent before the tool runs: of concurrent retries with one state, exactly one gets here with `true`.
    if (!(await this.store.spendNonce(state.nonce, new Date(state.expires_at)))) return this.ask(request, 'confirmation_replayed');
    return { run: true, step: { decision: 'confirmation_approved' } };
  }

  private ask(request: McpConfirmationRequest, decision: McpAuditDecision): McpConfirmationOutcome {
    return answer(confirmInputRequired(request.title, request.args, this.signer.issue(request.key, request.now), request.subject), { decision });
  }
}

/** True for `{ action: "accept", content: { confirm: true } }`; false for a decline, a cancel or `confirm` not true; -32602 for any other shape. */
function accepted(reply: Record<string, unknown>): boolean {
  const { action, content } = reply;
  if (typeof action !== 'string' || !ACTIONS.has(action)) throw invalidConfirmationAnswer();
  if (content !== undefined && (content === null || typeof content !== 'object' || Array.isArray(content))) {
    throw invalidConfirmationAnswer();
  }
  return action === 'accept' && (content as Record<string, unknown> | undefined)?.confirm === true;
}
