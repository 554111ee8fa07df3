import { createHash } from 'node:crypto';

/** The page's only stylesheet, inline; the CSP allows exactly this text by its hash. */
export const OPENAPI_PAGE_STYLESHEET = [
  'body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f5f6f8;color:#1b1f24}',
  'header,main{max-width:60rem;margin:0 auto;padding:1rem 1.5rem}header h1{margin:.5rem 0 0}',
  'nav a{margin-right:.75rem}h2{margin-top:2rem;border-bottom:1px solid #ccd}',
  '.operation{background:#fff;border-radius:6px;box-shadow:0 1px 3px #0002;padding:.75rem 1rem;margin:1rem 0}',
  '.operation h3{margin:.25rem 0;font-size:1rem}.method{display:inline-block;min-width:4.5rem;font-weight:700}',
  '.get{color:#1a7f37}.post{color:#0969da}.put,.patch{color:#9a6700}.delete{color:#cf222e}',
  'table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #dde;padding:.2rem .5rem;text-align:left;vertical-align:top}',
  'pre{white-space:pre-wrap;word-break:break-word;background:#f0f1f3;padding:.5rem;border-radius:4px;margin:.25rem 0;font-size:13px}',
  '.note{color:#57606a}',
].join('');

const STYLE_HASH = createHash('sha256').update(OPENAPI_PAGE_STYLESHEET).digest('base64');

/** Headers of the page: nothing loads but its own stylesheet, nothing frames it, no script runs. */
export const OPENAPI_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
};
