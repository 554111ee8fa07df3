import type { McpApproval } from '@kobana/mcp';
import { escapeHtml, localTimeScript } from './approval.html';
import { ApprovalMessages } from './approvals.messages';

/** What the page shows about the tool, from the MCP registry. */
export interface ApprovalToolView {
  title: string;
  description: string;
}

/** The approval page's body: who asks, for what (in words, when the tool describes it), with which arguments, when the link expires, and either the form or the outcome. */
export function approvalBody(approval: McpApproval, tool: ApprovalToolView, csrfToken: string, now: Date): string {
  const client = escapeHtml(approval.client_name);
  return (
    `<h1>${escapeHtml(ApprovalMessages.pageTitle())}</h1>` +
    `<p><strong id="client-name">${client}</strong> ${escapeHtml(ApprovalMessages.asks())} <strong id="tool-title">${escapeHtml(tool.title)}</strong>.</p>` +
    `<p id="tool-description">${escapeHtml(tool.description)}</p>` +
    (approval.summary ? `<p>${escapeHtml(ApprovalMessages.actsOn())} <strong id="approval-summary">${escapeHtml(approval.summary)}</strong>.</p>` : '') +
    `<h2>${escapeHtml(ApprovalMessages.arguments())}</h2>${argumentsList(approval.arguments)}` +
    expiry(approval.expires_at, now) +
    (isDecidable(approval, now) ? decisionForm(approval.id, csrfToken) : `<p class="outcome" id="outcome">${escapeHtml(outcome(approval, now))}</p>`) +
    localTimeScript()
  );
}

/**
 * When the link expires, in the person's terms: how long is left, and the
 * time of day, which the page's script rewrites in the browser's time zone
 * (the server does not know it; UTC until the script runs).
 */
function expiry(expiresAt: string, now: Date): string {
  const at = new Date(expiresAt);
  const left = at.getTime() - now.getTime();
  const lead = left > 0 ? ApprovalMessages.expiresIn(ApprovalMessages.inMinutes(Math.round(left / 60_000))) : ApprovalMessages.expiredAt();
  const fallback = ApprovalMessages.utcTime(at.toISOString().slice(11, 16));
  return `<p id="expiry">${escapeHtml(lead)} <time id="expires-at" datetime="${escapeHtml(at.toISOString())}">${escapeHtml(fallback)}</time>.</p>`;
}

/** Pending and unexpired: the only state in which Continue or Cancel means anything. */
export function isDecidable(approval: McpApproval, now: Date): boolean {
  return approval.status === 'pending' && Date.parse(approval.expires_at) > now.getTime();
}

function outcome(approval: McpApproval, now: Date): string {
  if (approval.status === 'cancelled') return ApprovalMessages.cancelled();
  if (approval.status === 'consumed') return ApprovalMessages.consumed();
  if (Date.parse(approval.expires_at) <= now.getTime()) return ApprovalMessages.expired();
  return ApprovalMessages.approved(approval.client_name);
}

function argumentsList(args: Record<string, unknown>): string {
  const entries = Object.entries(args);
  if (entries.length === 0) return `<p>${escapeHtml(ApprovalMessages.noArguments())}</p>`;
  const items = entries.map(
    ([name, value]) => `<dt>${escapeHtml(name)}</dt><dd><pre>${escapeHtml(typeof value === 'string' ? value : JSON.stringify(value, null, 2))}</pre></dd>`,
  );
  return `<dl id="arguments">${items.join('')}</dl>`;
}

function decisionForm(id: string, csrfToken: string): string {
  return (
    `<form method="post" action="/approvals/${escapeHtml(encodeURIComponent(id))}">` +
    `<input type="hidden" name="csrf_token" value="${escapeHtml(csrfToken)}">` +
    `<button class="primary" type="submit" name="decision" value="continue">${escapeHtml(ApprovalMessages.continue())}</button>` +
    `<button type="submit" name="decision" value="cancel">${escapeHtml(ApprovalMessages.cancel())}</button>` +
    `</form>`
  );
}
