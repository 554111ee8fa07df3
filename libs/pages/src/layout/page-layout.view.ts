import { createHash } from 'node:crypto';
import { html } from '../html/html-tag.view';
import { SafeHtml, trustedHtml } from '../html/safe-html.view';

/** The pages' only stylesheet, inline; the CSP allows exactly this text by its hash. */
const STYLESHEET = [
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f6f8;color:#1b1f24}',
  'main{max-width:40rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 3px #0002;box-sizing:border-box;overflow-wrap:anywhere}',
  'main.wide{max-width:min(78rem,calc(100% - 2rem))}',
  'h1{font-size:1.4rem;margin-top:0}h2{font-size:1.15rem;margin:1.5rem 0 .5rem}dt{font-weight:600;margin-top:.75rem}dd{margin:0}',
  'pre{white-space:pre-wrap;word-break:break-word;background:#f0f1f3;padding:.5rem;border-radius:4px;margin:.25rem 0}',
  'label{display:block;margin-top:1rem}input[type=email],input[type=password]{width:100%;padding:.5rem;box-sizing:border-box}',
  'button{font-size:1rem;padding:.6rem 1.2rem;margin:1.5rem .75rem 0 0;border-radius:4px;border:1px solid #888;cursor:pointer}',
  'button.primary{background:#1f6feb;color:#fff;border-color:#1f6feb}.outcome{font-weight:600}.error{color:#b42318}',
  '.filters{display:grid;grid-template-columns:repeat(auto-fill,minmax(9.5rem,1fr));gap:0 1rem;align-items:end;margin-bottom:1rem}',
  '.filters label{margin-top:.5rem;font-size:.9rem}.filters input,.filters select{display:block;width:100%;height:2.4rem;padding:.4rem;box-sizing:border-box;font:inherit}',
  '.filters .actions{grid-column:1/-1}.filters button{margin-top:.75rem}.note{color:#57606a;font-size:.9rem}',
  'table.events{width:100%;border-collapse:collapse;font-size:.92rem}table.events th,table.events td{text-align:left;vertical-align:top;padding:.45rem .5rem;border-bottom:1px solid #e1e4e8}',
  'table.events th{background:#f6f8fa;font-weight:600}table.events time,table.events td.details{white-space:nowrap;overflow-wrap:normal}table.events small{color:#57606a}',
  '.paging{display:flex;gap:1.5rem;margin-top:1rem}',
  '@media (max-width:720px){body{background:#fff}main{margin:0;border-radius:0;padding:1rem;box-shadow:none}main.wide{max-width:none}',
  'table.events thead{display:none}table.events,table.events tbody,table.events tr,table.events td{display:block}',
  'table.events tr{border:1px solid #e1e4e8;border-radius:6px;margin:.75rem 0;padding:.25rem .5rem}table.events td{border:0;padding:.2rem 0}',
  'table.events td::before{content:attr(data-label);display:block;font-size:.75rem;color:#57606a;text-transform:uppercase}}',
].join('');

const STYLE_HASH = createHash('sha256').update(STYLESHEET).digest('base64');

/** Every page's start, up to its title. */
const DOCUMENT_HEAD = trustedHtml(
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
);

/** The stylesheet as the page carries it: the kit's own text, not escaped (the CSP hash is of these exact bytes). */
const STYLE = trustedHtml(`<style>${STYLESHEET}</style>`);

/**
 * The pages' only script, inline: rewrites each `<time datetime>` in the
 * reader's own time zone and locale, which only the browser knows: the time
 * of day, or with `data-date` the date, the time to the second and the zone's
 * name. Without it the server's text (UTC, labelled) stays. The CSP allows
 * exactly this text by its hash.
 */
const LOCAL_TIME_SCRIPT =
  "document.querySelectorAll('time[datetime]').forEach(function(t){var d=new Date(t.getAttribute('datetime'));if(isNaN(d.getTime()))return;" +
  "t.textContent=t.hasAttribute('data-date')?d.toLocaleString([],{year:'numeric',month:'short',day:'numeric',hour:'2-digit',minute:'2-digit',second:'2-digit',timeZoneName:'short'})" +
  ":d.toLocaleTimeString([],{hour:'2-digit',minute:'2-digit'});});";

const SCRIPT_HASH = createHash('sha256').update(LOCAL_TIME_SCRIPT).digest('base64');

/** Headers of every page (sign-in, approval, consent, connected apps, audit, authorization errors): nothing loads, nothing frames it, nothing is cached or leaks the URL. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; script-src 'sha256-${SCRIPT_HASH}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

/** The script that shows `<time datetime>` in the reader's local time; put once at the end of a body that has such elements. */
export function localTimeScript(): SafeHtml {
  return trustedHtml(`<script>${LOCAL_TIME_SCRIPT}</script>`);
}

/** How a page is laid out. */
export interface PageLayout {
  /** A page of tables (the audit trail): as wide as the window allows, instead of a column for reading. @default false */
  wide?: boolean;
}

/** A full page in the pages' style, ready to send with {@link PAGE_HEADERS}: the title is escaped, the body is markup the {@link html} tag built. */
export function pageHtml(title: string, body: SafeHtml, layout: PageLayout = {}): string {
  const main = layout.wide ? html`<main class="wide">` : html`<main>`;
  return html`${DOCUMENT_HEAD}<title>${title}</title>${STYLE}</head><body>${main}${body}</main></body></html>`.toString();
}
