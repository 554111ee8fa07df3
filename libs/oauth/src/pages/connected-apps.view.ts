import { html, SafeHtml } from '@kobana/pages';
import type { ConnectedApp } from '../grants/connected-app.interface';
import { ConnectedAppsMessages } from './connected-apps.messages';

/** The connected-apps page's body: the person's apps, newest first, each with its Revoke form. */
export function connectedAppsBody(apps: ConnectedApp[], csrfToken: string): SafeHtml {
  const list = apps.length === 0 ? html`<p id="no-apps">${ConnectedAppsMessages.none()}</p>` : apps.map((app) => appSection(app, csrfToken));
  return html`<h1>${ConnectedAppsMessages.pageTitle()}</h1><p>${ConnectedAppsMessages.intro()}</p><div id="apps">${list}</div>`;
}

function appSection(app: ConnectedApp, csrfToken: string): SafeHtml {
  return html`${[
    html`<section class="app" data-grant-id="${app.id}" data-client-id="${app.clientId}">`,
    html`<h2 class="app-name">${app.clientName ?? app.clientId}</h2><dl>`,
    item(ConnectedAppsMessages.clientId(), app.clientId),
    item(ConnectedAppsMessages.sourceLabel(), ConnectedAppsMessages.source(app.source)),
    item(ConnectedAppsMessages.access(), app.scopes.join(' ') || ConnectedAppsMessages.noScopes()),
    item(ConnectedAppsMessages.authorized(), ConnectedAppsMessages.utc(app.authorizedAt)),
    item(ConnectedAppsMessages.lastUsed(), app.lastUsedAt ? ConnectedAppsMessages.utc(app.lastUsedAt) : ConnectedAppsMessages.never()),
    item(ConnectedAppsMessages.expires(), app.expiresAt ? ConnectedAppsMessages.utc(app.expiresAt) : ConnectedAppsMessages.noExpiry()),
    html`</dl><form method="post" action="/connected-apps/${encodeURIComponent(app.id)}/revoke">`,
    html`<input type="hidden" name="csrf_token" value="${csrfToken}">`,
    html`<button type="submit" class="revoke">${ConnectedAppsMessages.revoke()}</button></form></section>`,
  ]}`;
}

function item(term: string, value: string): SafeHtml {
  return html`<dt>${term}</dt><dd>${value}</dd>`;
}
