/**
 * Files of the API reference, served by the host under `/<uiPath>/assets/`:
 * the renderer's bundle and stylesheet as `swagger-ui-dist` ships them, and
 * the page's own start script and stylesheet below. Nothing is inline and
 * nothing comes from elsewhere, so the CSP allows scripts and styles from
 * the host alone, without `unsafe-inline` or `unsafe-eval`.
 */
export const OPENAPI_PAGE_RENDERER_FILES = ['swagger-ui-bundle.js', 'swagger-ui.css', 'favicon-32x32.png'] as const;

/** The page's start script: renders the document named by `data-url` into its element, with the bearer control and "Try it out" on. */
export const OPENAPI_PAGE_SCRIPT = [
  '(function () {',
  "  var root = document.getElementById('swagger-ui');",
  '  window.ui = SwaggerUIBundle({',
  "    url: root.getAttribute('data-url'),",
  '    domNode: root,',
  '    deepLinking: true,',
  // No badge from the public validator: the page loads nothing from elsewhere.
  '    validatorUrl: null,',
  '    tryItOutEnabled: false,',
  // A pasted token lives as long as the tab: nothing of it is written to storage.
  '    persistAuthorization: false,',
  '    displayRequestDuration: true,',
  '    filter: true,',
  '    presets: [SwaggerUIBundle.presets.apis],',
  '    plugins: [SwaggerUIBundle.plugins.DownloadUrl],',
  "    layout: 'BaseLayout',",
  '  });',
  '})();',
  '',
].join('\n');

/** The page's own stylesheet, after the renderer's: long paths and tables kept inside a phone's width. */
export const OPENAPI_PAGE_STYLESHEET = [
  'body{margin:0;background:#fafafa;font-family:system-ui,sans-serif}noscript p{margin:1rem 20px}',
  // The schemas are JSON Schema 2020-12, which the renderer reads; its warning about a dialect other than OpenAPI's default would only alarm the reader.
  '.swagger-ui .info .error-wrapper{display:none}',
  '.swagger-ui .opblock .opblock-summary-path{word-break:break-all}',
  '.swagger-ui .opblock-body,.swagger-ui .responses-inner,.swagger-ui .table-container{overflow-x:auto}',
  '.swagger-ui .model-box{max-width:100%;overflow-x:auto;box-sizing:border-box}',
  '@media (max-width:600px){.swagger-ui .wrapper{padding:0 8px}.swagger-ui .opblock .opblock-summary{flex-wrap:wrap}',
  '.swagger-ui .opblock .opblock-summary-description{flex-basis:100%;padding-top:.25rem}',
  '.swagger-ui .scheme-container .schemes{flex-wrap:wrap}.swagger-ui .dialog-ux .modal-ux{width:95%;min-width:0}}',
  '',
].join('\n');

/** Content types of the files under `/<uiPath>/assets/`, by extension. */
export const OPENAPI_PAGE_CONTENT_TYPES: Readonly<Record<string, string>> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  png: 'image/png',
};

/**
 * An asset's URL carries a digest of its bytes, so it may be cached for a
 * year: a new renderer or a changed script is a new URL.
 */
export const OPENAPI_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The page's CSP: scripts, styles and fonts from the host alone (the
 * renderer's bundle, evaluated without `eval`), images from the host or
 * `data:` (the renderer's icons), and requests ("Try it out") to the host
 * and to the document's servers. Nothing frames it, no form posts.
 */
export function openApiPageCsp(connectSources: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...connectSources].join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** Headers of the page besides its CSP: not framed, not sniffed, no referrer, checked again at every visit (the document changes with the host). */
export const OPENAPI_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
};
