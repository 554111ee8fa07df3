import { Inject, Injectable } from '@nestjs/common';
import { invalidConfirmationAnswer, invalidRequestState } from '../errors/mcp-confirmation.error';
import { McpConfirmationStore } from '../interfaces/mcp-confirmation-store.interface';
import { McpConfirmationState, McpRequestStateSigner } from './mcp-request-state.codec';
import { McpConfirmationOutcome, McpConfirmationRequest, answer, sameKey } from './mcp-confirmation-request.util';
import type { McpAuditDecision } from '../interfaces/mcp-audit-sink.interface';
import { confirmInputRequired, declinedResult } from './mcp-confirmation.view';

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
    const retry = this.readRetry(request);
    // Spent before the tool runs: of concurrent retries with one state, exactly one gets here with `true`. It runs without
    // the hook's words, which only a question needs (for a record that vanished meanwhile the tool answers the hook's 404 itself).
    if (retry.kind === 'accepted' && (await this.store.spendNonce(retry.state.nonce, new Date(retry.state.expires_at)))) {
      return { run: true, step: { decision: 'confirmation_approved' } };
    }
    // Every other answer comes after the hook, as when it ran first: its refusal is the answer, and nothing is asked.
    const words = await request.describe();
    if ('refusal' in words) return words.refusal;
    // Forged, edited, or issued to another caller, tool or arguments: the client misbehaves, so an error (the conformance suite requires one).
    if (retry.kind === 'forged') throw invalidRequestState();
    if (retry.kind === 'unreadable') throw invalidConfirmationAnswer();
    if (retry.kind === 'declined') return answer(declinedResult(request.title), { decision: 'confirmation_declined' });
    // A first call, an expired state, no answer, or an accepted one whose nonce another retry spent: asked (again).
    const decision: McpAuditDecision =
      retry.kind === 'accepted' ? 'confirmation_replayed' : retry.kind === 'expired' ? 'confirmation_expired' : 'confirmation_asked';
    return answer(confirmInputRequired(request.title, request.args, this.signer.issue(request.key, request.now), words.subject), { decision });
  }

  /** What the call carries, checked in this order, without touching the store. */
  private readRetry(request: McpConfirmationRequest): McpRetry {
    const { requestState, inputResponses } = request.context;
    if (requestState === undefined) return { kind: 'ask' };
    const state = this.signer.verify(requestState);
    if (!state || !sameKey(state, request.key)) return { kind: 'forged' };
    if (state.expires_at <= request.now.getTime()) return { kind: 'expired' };
    const reply = inputResponses?.confirm;
    if (reply === undefined) return { kind: 'ask' };
    const accept = accepted(reply);
    if (accept === undefined) return { kind: 'unreadable' };
    return accept ? { kind: 'accepted', state } : { kind: 'declined' };
  }
}

/** A call as the confirmer reads it: ask, an error, a decline, or an accepted answer under a valid state. */
type McpRetry = { kind: 'ask' | 'expired' | 'forged' | 'unreadable' | 'declined' } | { kind: 'accepted'; state: McpConfirmationState };

/**
 * True for `{ action: "accept", content: { confirm: true } }`; false for a
 * decline, a cancel or `confirm` not true; `undefined` for any other shape (-32602).
 */
function accepted(reply: Record<string, unknown>): boolean | undefined {
  const { action, content } = reply;
  if (typeof action !== 'string' || !ACTIONS.has(action)) return undefined;
  if (content !== undefined && (content === null || typeof content !== 'object' || Array.isArray(content))) return undefined;
  return action === 'accept' && (content as Record<string, unknown> | undefined)?.confirm === true;
}
