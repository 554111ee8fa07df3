import { html, SafeHtml } from '@kobana/pages';
import { ApprovalMessages } from './approvals.messages';
import type { SignInPurpose } from './approvals.messages';

/** Where a sign-in may send the person afterwards: an approval page, an OAuth consent page, the connected apps or the audit page of this site, nothing else (no open redirect). */
export function safeNext(next: unknown): string | undefined {
  if (typeof next !== 'string') return undefined;
  return /^\/approvals\/[A-Za-z0-9-]{1,64}$/.test(next) ||
    /^\/oauth\/consent\/[A-Za-z0-9_-]{1,64}$/.test(next) ||
    next === '/connected-apps' ||
    next === '/audit'
    ? next
    : undefined;
}

/** The purpose of a sign-in that sends the person to `next` afterwards (a value {@link safeNext} accepted). */
export function signInPurpose(next: string | undefined): SignInPurpose {
  if (next === undefined) return 'account';
  if (next.startsWith('/approvals/')) return 'approval';
  if (next.startsWith('/oauth/consent/')) return 'consent';
  return next === '/audit' ? 'audit' : 'connected-apps';
}

/** The sign-in form of `title`, with an error line (plain text) after a refused attempt. */
export function signInBody(title: string, next: string | undefined, error?: string): SafeHtml {
  return html`${[
    html`<h1>${title}</h1><p id="sign-in-purpose">${ApprovalMessages.signInIntro(signInPurpose(next))}</p>`,
    error ? html`<p class="error" id="error">${error}</p>` : null,
    html`<form method="post" action="/sign-in">`,
    next ? html`<input type="hidden" name="next" value="${next}">` : null,
    html`<label>${ApprovalMessages.email()}<input type="email" name="email" autocomplete="username" required></label>`,
    html`<label>${ApprovalMessages.password()}<input type="password" name="password" autocomplete="current-password" required></label>`,
    html`<button class="primary" type="submit">${ApprovalMessages.signIn()}</button></form>`,
  ]}`;
}

/** Who is signed in, and the button that signs them out; on every page that shows a signed-in person. */
export function signOutBlock(email: string): SafeHtml {
  return html`${[
    html`<form method="post" action="/sign-out" id="sign-out-form"><p>${ApprovalMessages.signedInAs()} `,
    html`<strong id="signed-in-as">${email}</strong></p>`,
    html`<button type="submit" id="sign-out">${ApprovalMessages.signOut()}</button></form>`,
  ]}`;
}
