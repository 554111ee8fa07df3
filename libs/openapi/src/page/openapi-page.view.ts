import { html } from '@kobana/pages';
import type { OpenApiDocument } from '../interfaces/openapi-document.interface';
import { OPENAPI_DOCUMENT_FILE } from '../openapi.constants';
import type { OpenApiPageAssets } from './openapi-page-assets.provider';

/**
 * The API reference: the element the renderer (Swagger UI, loaded from the
 * host) fills with the API's name, every operation, a bearer "Authorize"
 * control and "Try it out". Without scripts, a link to the JSON document.
 *
 * @param documentUrl - Where the JSON document is served; the renderer loads it from there.
 */
export function renderOpenApiPage(document: OpenApiDocument, documentUrl: string, assets: OpenApiPageAssets): string {
  const title = `${document.info.title} reference`;
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<link rel="icon" type="image/png" href="${assets.path('favicon-32x32.png')}">
<link rel="stylesheet" href="${assets.path('swagger-ui.css')}">
<link rel="stylesheet" href="${assets.path('openapi-page.css')}">
</head><body>
<noscript><p>${title}: the page needs JavaScript; the document itself is <a href="${documentUrl}">${OPENAPI_DOCUMENT_FILE}</a>.</p></noscript>
<main id="swagger-ui" data-url="${documentUrl}"></main>
<script src="${assets.path('swagger-ui-bundle.js')}"></script>
<script src="${assets.path('openapi-page.js')}"></script>
</body></html>`.toString();
}
