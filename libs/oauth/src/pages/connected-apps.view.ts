import { escapeHtml } from '@kobana/approvals';
import type { ConnectedApp } from '../grants/connected-app.types';
import { ConnectedAppsMessages } from './connected-apps.messages';

/** The connected-apps page's body: the person's apps, newest first, each with its Revoke form. */
export function connectedAppsBody(apps: ConnectedApp[], csrfToken: string): string {
  const list = apps.length === 0 ? `<p id="no-apps">${escapeHtml(ConnectedAppsMessages.none())}</p>` : apps.map((app) => appSection(app, csrfToken)).join('');
  return `<h1>${escapeHtml(ConnectedAppsMessages.pageTitle())}</h1><p>${escapeHtml(ConnectedAppsMessages.intro())}</p><div id="apps">${list}</div>`;
}

function appSection(app: ConnectedApp, csrfToken: string): string {
  const id = escapeHtml(app.id);
  return (
    `<section class="app" data-grant-id="${id}" data-client-id="${escapeHtml(app.clientId)}">` +
    `<h2 class="app-name">${escapeHtml(app.clientName ?? app.clientId)}</h2><dl>` +
    item(ConnectedAppsMessages.clientId(), app.clientId) +
    item(ConnectedAppsMessages.sourceLabel(), ConnectedAppsMessages.source(app.source)) +
    item(ConnectedAppsMessages.access(), app.scopes.join(' ') || ConnectedAppsMessages.noScopes()) +
    item(ConnectedAppsMessages.authorized(), ConnectedAppsMessages.utc(app.authorizedAt)) +
    item(ConnectedAppsMessages.lastUsed(), app.lastUsedAt ? ConnectedAppsMessages.utc(app.lastUsedAt) : ConnectedAppsMessages.never()) +
    item(ConnectedAppsMessages.expires(), app.expiresAt ? ConnectedAppsMessages.utc(app.expiresAt) : ConnectedAppsMessages.noExpiry()) +
    `</dl><form method="post" action="/connected-apps/${escapeHtml(encodeURIComponent(app.id))}/revoke">` +
    `<input type="hidden" name="csrf_token" value="${escapeHtml(csrfToken)}">` +
    `<button type="submit" class="revoke">${escapeHtml(ConnectedAppsMessages.revoke())}</button></form></section>`
  );
}

function item(term: string, value: string): string {
  return `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`;
}
