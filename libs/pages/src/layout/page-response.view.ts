import type { Response } from 'express';
import type { SafeHtml } from '../html/safe-html.view';
import { PAGE_HEADERS, pageHtml } from './page-layout.view';
import type { PageLayout } from './page-layout.view';

/**
 * Sends a full page with the safe headers; `body` is markup the {@link html}
 * tag built. `formActions` are CSP sources the page's forms may also end at:
 * browsers apply `form-action` to every redirect after a submission, so a
 * form whose answer redirects off-site (OAuth consent to the client's
 * redirect_uri) must name that destination. `layout` says how the page is laid out.
 */
export function sendPage(res: Response, status: number, title: string, body: SafeHtml, formActions: readonly string[] = [], layout: PageLayout = {}): void {
  res.status(status).set(PAGE_HEADERS);
  if (formActions.length)
    res.set('Content-Security-Policy', PAGE_HEADERS['Content-Security-Policy'].replace("form-action 'self'", `form-action 'self' ${formActions.join(' ')}`));
  res.send(pageHtml(title, body, layout));
}

/** A 303 to a path of this site (Post/Redirect/Get), with the safe headers. */
export function redirect(res: Response, path: string, cookie?: string): void {
  res.status(303).set({ ...PAGE_HEADERS, Location: path });
  if (cookie) res.set('Set-Cookie', cookie);
  res.send('');
}
