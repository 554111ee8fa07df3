import { escapeHtml } from '@kobana/approvals';
import { OAuthMessages } from '../oauth.messages';
import type { OAuthScopeDescription } from '../oauth-server.settings';

/** What the consent page shows. */
export interface ConsentView {
  uid: string;
  clientName: string;
  /** Who vouches for the client: a metadata document's host, or nobody (a self-registered client). */
  origin: { kind: 'metadata_document' | 'registered'; host: string };
  /** Where the answer goes: the redirect URI's host (with its port), and whether it is this computer's loopback interface. */
  redirect: { host: string; loopback: boolean };
  /** The host's name ("Kadu"). */
  serverName: string;
  organizationName: string;
  /** The scopes to decide on: all requested ones, or only the new ones when some are already granted. */
  scopes: OAuthScopeDescription[];
  /** Whether part of the access was granted before (step-up). */
  stepUp: boolean;
  csrfToken: string;
}

/** The consent page's body: who asks, vouched for by whom, for which organization, to do what; one form, Allow or Deny. */
export function consentBody(view: ConsentView): string {
  const origin = view.origin.kind === 'metadata_document' ? OAuthMessages.fromDocument(view.origin.host) : OAuthMessages.selfRegistered();
  const scopes = view.scopes.length
    ? `<p>${escapeHtml(view.stepUp ? OAuthMessages.newScopesIntro() : OAuthMessages.scopesIntro())}</p><ul id="scopes">${view.scopes
        .map((entry) => `<li data-scope="${escapeHtml(entry.scope)}">${escapeHtml(entry.description)} <code>${escapeHtml(entry.scope)}</code></li>`)
        .join('')}</ul>`
    : `<p id="scopes">${escapeHtml(OAuthMessages.noScopes())}</p>`;
  return (
    `<h1>${escapeHtml(OAuthMessages.consentTitle())}</h1>` +
    `<p><strong id="client-name">${escapeHtml(view.clientName)}</strong> ${escapeHtml(OAuthMessages.asksAccess(view.serverName))} ` +
    `${escapeHtml(OAuthMessages.inOrganization())} <strong id="organization">${escapeHtml(view.organizationName)}</strong>.</p>` +
    `<p id="client-origin" class="${view.origin.kind === 'registered' ? 'error' : ''}">${escapeHtml(origin)}</p>` +
    `<p id="client-redirect">${escapeHtml(OAuthMessages.redirectsTo(view.redirect.host))}</p>` +
    // MCP authorization, "Localhost Redirect URI Risks": any program on this computer may claim a well-known client's document.
    (view.redirect.loopback ? `<p id="loopback-warning" class="error">${escapeHtml(OAuthMessages.loopbackWarning(view.redirect.host))}</p>` : '') +
    scopes +
    `<form method="post" action="/oauth/consent/${escapeHtml(encodeURIComponent(view.uid))}">` +
    `<input type="hidden" name="csrf_token" value="${escapeHtml(view.csrfToken)}">` +
    `<button class="primary" type="submit" name="decision" value="allow">${escapeHtml(OAuthMessages.allow())}</button>` +
    `<button type="submit" name="decision" value="deny">${escapeHtml(OAuthMessages.deny())}</button>` +
    `</form>`
  );
}
