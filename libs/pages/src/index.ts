/**
 * `@kobana/pages`: the page kit of the sign-in, approval, consent, connected
 * apps, audit and authorization-error pages. `html` is a template tag that
 * escapes every value it is given unless the value is `SafeHtml` (what `html`
 * returns), so pages compose without escaping by hand; the layout gives every
 * page the same shell, inline stylesheet and script (allowed by hash), and
 * headers (CSP, no framing, no caching).
 */
export { html } from './html/html-tag.view';
export type { HtmlValue } from './html/html-tag.view';
export { SafeHtml } from './html/safe-html.view';
export { localTimeScript, PAGE_HEADERS, pageHtml } from './layout/page-layout.view';
export type { PageLayout } from './layout/page-layout.view';
export { redirect, sendPage } from './layout/page-response.view';
