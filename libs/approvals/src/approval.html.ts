import { createHash } from 'node:crypto';
import type { Response } from 'express';

/** The pages' only stylesheet, inline; the CSP allows exactly this text by its hash. */
const STYLESHEET = [
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f6f8;color:#1b1f24}',
  'main{max-width:40rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 3px #0002}',
  'h1{font-size:1.4rem;margin-top:0}dt{font-weight:600;margin-top:.75rem}dd{margin:0}',
  'pre{white-space:pre-wrap;word-break:break-word;background:#f0f1f3;padding:.5rem;border-radius:4px;margin:.25rem 0}',
  'label{display:block;margin-top:1rem}input[type=email],input[type=password]{width:100%;padding:.5rem;box-sizing:border-box}',
  'button{font-size:1rem;padding:.6rem 1.2rem;margin:1.5rem .75rem 0 0;border-radius:4px;border:1px solid #888;cursor:pointer}',
  'button.primary{background:#1f6feb;color:#fff;border-color:#1f6feb}.outcome{font-weight:600}.error{color:#b42318}',
].join('');

const STYLE_HASH = createHash('sha256').update(STYLESHEET).digest('base64');

/**
 * The pages' only script, inline: rewrites each `<time datetime>` in the
 * reader's own time zone and locale, which only the browser knows. Without
 * it the server's text (UTC) stays. The CSP allows exactly this text by its hash.
 */
export const LOCAL_TIME_SCRIPT =
  "document.querySelectorAll('time[datetime]').forEach(function(t){var d=new Date(t.getAttribute('datetime'));" +
  "if(!isNaN(d.getTime()))t.textContent=d.toLocaleTimeString([],{hour:'2-digit',minute:'2-digit'});});";

const SCRIPT_HASH = createHash('sha256').update(LOCAL_TIME_SCRIPT).digest('base64');

/** Headers of every approval and sign-in page: nothing loads, nothing frames it, nothing is cached or leaks the URL. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; script-src 'sha256-${SCRIPT_HASH}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * Unicode's bidirectional controls (embeddings, overrides, isolates, marks):
 * in a name a client chose, they reorder what the person reads
 * ("Trusted\u202Eppa.live" shows as "Trustedevil.app").
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** `text` with every bidirectional control shown as U+FFFD: the person sees that something was there, not what it would reorder. */
export function neutralizeBidi(text: string): string {
  return text.replace(BIDI_CONTROLS, '\uFFFD');
}

/** Escapes text for HTML element content and quoted attribute values; bidirectional controls are neutralized ({@link neutralizeBidi}). */
export function escapeHtml(text: string): string {
  return neutralizeBidi(text).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The script that shows `<time datetime>` in the reader's local time; put once at the end of a body that has such elements. */
export function localTimeScript(): string {
  return `<script>${LOCAL_TIME_SCRIPT}</script>`;
}

/** A full page in the pages' style; send it with {@link PAGE_HEADERS}. `body` must already be escaped HTML. */
export function pageHtml(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>${STYLESHEET}</style></head><body><main>${body}</main></body></html>`
  );
}

/**
 * Sends a full page with the safe headers. `body` must already be escaped HTML.
 * `formActions` are CSP sources the page's forms may also end at: browsers
 * apply `form-action` to every redirect after a submission, so a form whose
 * answer redirects off-site (OAuth consent to the client's redirect_uri)
 * must name that destination.
 */
export function sendPage(res: Response, status: number, title: string, body: string, formActions: readonly string[] = []): void {
  res.status(status).set(PAGE_HEADERS);
  if (formActions.length)
    res.set('Content-Security-Policy', PAGE_HEADERS['Content-Security-Policy'].replace("form-action 'self'", `form-action 'self' ${formActions.join(' ')}`));
  res.send(pageHtml(title, body));
}

/** A 303 to a path of this site (Post/Redirect/Get), with the safe headers. */
export function redirect(res: Response, path: string, cookie?: string): void {
  res.status(303).set({ ...PAGE_HEADERS, Location: path });
  if (cookie) res.set('Set-Cookie', cookie);
  res.send('');
}
