import { escapeHtml } from './approval.html';
import { ApprovalMessages } from './approvals.messages';

/** Where a sign-in may send the person afterwards: an approval page or an OAuth consent page of this site, nothing else (no open redirect). */
export function safeNext(next: unknown): string | undefined {
  if (typeof next !== 'string') return undefined;
  return /^\/approvals\/[A-Za-z0-9-]{1,64}$/.test(next) || /^\/oauth\/consent\/[A-Za-z0-9_-]{1,64}$/.test(next) ? next : undefined;
}

/** The sign-in form of `title`, with an error line (already plain text, escaped here) after a refused attempt. */
export function signInBody(title: string, next: string | undefined, error?: string): string {
  return (
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(ApprovalMessages.signInIntro())}</p>` +
    (error ? `<p class="error" id="error">${escapeHtml(error)}</p>` : '') +
    `<form method="post" action="/sign-in">` +
    (next ? `<input type="hidden" name="next" value="${escapeHtml(next)}">` : '') +
    `<label>${escapeHtml(ApprovalMessages.email())}<input type="email" name="email" autocomplete="username" required></label>` +
    `<label>${escapeHtml(ApprovalMessages.password())}<input type="password" name="password" autocomplete="current-password" required></label>` +
    `<button class="primary" type="submit">${escapeHtml(ApprovalMessages.signIn())}</button></form>`
  );
}

/** Who is signed in, and the button that signs them out; on every page that shows a signed-in person. */
export function signOutBlock(email: string): string {
  return (
    `<form method="post" action="/sign-out" id="sign-out-form"><p>${escapeHtml(ApprovalMessages.signedInAs())} ` +
    `<strong id="signed-in-as">${escapeHtml(email)}</strong></p>` +
    `<button type="submit" id="sign-out">${escapeHtml(ApprovalMessages.signOut())}</button></form>`
  );
}
