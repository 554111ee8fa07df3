import { html, SafeHtml } from '@kobana/pages';
import { OAuthMessages } from '../oauth.messages';
import type { OAuthScopeDescription } from '../oauth-server.options';

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
export function consentBody(view: ConsentView): SafeHtml {
  const origin = view.origin.kind === 'metadata_document' ? OAuthMessages.fromDocument(view.origin.host) : OAuthMessages.selfRegistered();
  const items = view.scopes.map((entry) => html`<li data-scope="${entry.scope}">${entry.description} <code>${entry.scope}</code></li>`);
  const intro = view.stepUp ? OAuthMessages.newScopesIntro() : OAuthMessages.scopesIntro();
  const scopes = view.scopes.length ? html`<p>${intro}</p><ul id="scopes">${items}</ul>` : html`<p id="scopes">${OAuthMessages.noScopes()}</p>`;
  return html`${[
    html`<h1>${OAuthMessages.consentTitle()}</h1>`,
    html`<p><strong id="client-name">${view.clientName}</strong> ${OAuthMessages.asksAccess(view.serverName)} `,
    html`${OAuthMessages.inOrganization()} <strong id="organization">${view.organizationName}</strong>.</p>`,
    html`<p id="client-origin" class="${view.origin.kind === 'registered' ? 'error' : ''}">${origin}</p>`,
    html`<p id="client-redirect">${OAuthMessages.redirectsTo(view.redirect.host)}</p>`,
    // MCP authorization, "Localhost Redirect URI Risks": any program on this computer may claim a well-known client's document.
    view.redirect.loopback ? html`<p id="loopback-warning" class="error">${OAuthMessages.loopbackWarning(view.redirect.host)}</p>` : null,
    scopes,
    html`<form method="post" action="/oauth/consent/${encodeURIComponent(view.uid)}">`,
    html`<input type="hidden" name="csrf_token" value="${view.csrfToken}">`,
    html`<button class="primary" type="submit" name="decision" value="allow">${OAuthMessages.allow()}</button>`,
    html`<button type="submit" name="decision" value="deny">${OAuthMessages.deny()}</button>`,
    html`</form>`,
  ]}`;
}
