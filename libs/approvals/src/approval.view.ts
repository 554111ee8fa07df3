import type { McpApproval } from '@kobana/mcp';
import { html, localTimeScript, SafeHtml } from '@kobana/pages';
import { ApprovalMessages } from './approvals.messages';

/** What the page shows about the tool, from the MCP registry. */
export interface ApprovalToolView {
  title: string;
  description: string;
}

/** The approval page's body: who asks, for what (in words, when the tool describes it), with which arguments, when the link expires, and either the form or the outcome. */
export function approvalBody(approval: McpApproval, tool: ApprovalToolView, csrfToken: string, now: Date): SafeHtml {
  const summary = approval.summary ? html`<p>${ApprovalMessages.actsOn()} <strong id="approval-summary">${approval.summary}</strong>.</p>` : null;
  const decision = isDecidable(approval, now) ? decisionForm(approval.id, csrfToken) : html`<p class="outcome" id="outcome">${outcome(approval, now)}</p>`;
  return html`${[
    html`<h1>${ApprovalMessages.pageTitle()}</h1>`,
    html`<p><strong id="client-name">${approval.client_name}</strong> ${ApprovalMessages.asks()} <strong id="tool-title">${tool.title}</strong>.</p>`,
    html`<p id="tool-description">${tool.description}</p>`,
    summary,
    html`<h2>${ApprovalMessages.arguments()}</h2>${argumentsList(approval.arguments)}`,
    expiry(approval.expires_at, now),
    decision,
    localTimeScript(),
  ]}`;
}

/**
 * When the link expires, in the person's terms: how long is left, and the
 * time of day, which the page's script rewrites in the browser's time zone
 * (the server does not know it; UTC until the script runs).
 */
function expiry(expiresAt: string, now: Date): SafeHtml {
  const at = new Date(expiresAt);
  const left = at.getTime() - now.getTime();
  const lead = left > 0 ? ApprovalMessages.expiresIn(ApprovalMessages.inMinutes(Math.round(left / 60_000))) : ApprovalMessages.expiredAt();
  const fallback = ApprovalMessages.utcTime(at.toISOString().slice(11, 16));
  return html`<p id="expiry">${lead} <time id="expires-at" datetime="${at.toISOString()}">${fallback}</time>.</p>`;
}

/** Pending and unexpired: the only state in which Continue or Cancel means anything. */
function isDecidable(approval: McpApproval, now: Date): boolean {
  return approval.status === 'pending' && Date.parse(approval.expires_at) > now.getTime();
}

function outcome(approval: McpApproval, now: Date): string {
  if (approval.status === 'cancelled') return ApprovalMessages.cancelled();
  if (approval.status === 'consumed') return ApprovalMessages.consumed();
  if (Date.parse(approval.expires_at) <= now.getTime()) return ApprovalMessages.expired();
  return ApprovalMessages.approved(approval.client_name);
}

function argumentsList(args: Record<string, unknown>): SafeHtml {
  const entries = Object.entries(args);
  if (entries.length === 0) return html`<p>${ApprovalMessages.noArguments()}</p>`;
  const items = entries.map(([name, value]) => html`<dt>${name}</dt><dd><pre>${typeof value === 'string' ? value : JSON.stringify(value, null, 2)}</pre></dd>`);
  return html`<dl id="arguments">${items}</dl>`;
}

function decisionForm(id: string, csrfToken: string): SafeHtml {
  return html`${[
    html`<form method="post" action="/approvals/${encodeURIComponent(id)}">`,
    html`<input type="hidden" name="csrf_token" value="${csrfToken}">`,
    html`<button class="primary" type="submit" name="decision" value="continue">${ApprovalMessages.continue()}</button>`,
    html`<button type="submit" name="decision" value="cancel">${ApprovalMessages.cancel()}</button>`,
    html`</form>`,
  ]}`;
}
