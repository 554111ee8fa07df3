import type { OpenApiDocument, OpenApiOperation, OpenApiResponse } from '../interfaces/openapi-document.interface';
import { OPENAPI_DOCUMENT_FILE } from '../openapi.constants';
import { OPENAPI_PAGE_STYLESHEET } from './openapi-page.constants';

/**
 * The document as one HTML page a person can read: operations grouped by
 * tag, each with its parameters, body and answers, schemas as JSON. Built
 * from the document once at start-up; no script, nothing loaded from
 * elsewhere, so it needs no third-party viewer and no CDN.
 *
 * @param documentUrl - Where the JSON document is served, linked from the page.
 */
export function renderOpenApiPage(document: OpenApiDocument, documentUrl: string): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const tag = operation.tags[0] ?? 'api';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(document, method, path, operation)]);
    }
  }
  const tags = [...byTag.keys()].sort();
  const title = escape(`${document.info.title} ${document.info.version}`);
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${title}</title><style>${OPENAPI_PAGE_STYLESHEET}</style></head><body>`,
    `<header><h1>${title}</h1>`,
    document.info.description ? `<p>${escape(document.info.description)}</p>` : '',
    `<p class="note">OpenAPI ${escape(document.openapi)}: <a href="${escape(documentUrl)}">${OPENAPI_DOCUMENT_FILE}</a>`,
    ...document.servers.map((server) => ` · server <code>${escape(server.url)}</code>`),
    '</p>',
    `<nav>${tags.map((tag) => `<a href="#tag-${escape(tag)}">${escape(tag)}</a>`).join('')}</nav></header><main>`,
    ...tags.map((tag) => `<h2 id="tag-${escape(tag)}">${escape(tag)}</h2>${byTag.get(tag)!.join('')}`),
    '</main></body></html>',
  ].join('');
}

function renderOperation(document: OpenApiDocument, method: string, path: string, operation: OpenApiOperation): string {
  const parameters = operation.parameters ?? [];
  return [
    `<section class="operation" id="${escape(operation.operationId)}">`,
    `<h3><span class="method ${escape(method)}">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3>`,
    operation.summary ? `<p><strong>${escape(operation.summary)}</strong></p>` : '',
    operation.description ? `<p>${escape(operation.description)}</p>` : '',
    `<p class="note">${operation.security ? 'Bearer token required' : 'No token'} · operationId <code>${escape(operation.operationId)}</code></p>`,
    parameters.length
      ? '<table><tr><th>parameter</th><th>in</th><th>required</th><th>schema</th></tr>' +
        parameters
          .map(
            (p) =>
              `<tr><td><code>${escape(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escape(JSON.stringify(p.schema))}</code></td></tr>`,
          )
          .join('') +
        '</table>'
      : '',
    operation.requestBody ? `<p>Body: ${renderContent(operation.requestBody.content)}</p>` : '',
    '<table><tr><th>status</th><th>answer</th></tr>',
    ...Object.entries(operation.responses).map(([status, response]) => `<tr><td>${escape(status)}</td><td>${renderResponse(document, response)}</td></tr>`),
    '</table></section>',
  ].join('');
}

function renderResponse(document: OpenApiDocument, response: OpenApiResponse): string {
  if (!('$ref' in response)) return `${escape(response.description)} ${renderContent(response.content ?? {})}`;
  const name = response.$ref.replace('#/components/responses/', '');
  const shared = document.components.responses[name];
  return `${escape(name)}: ${shared && !('$ref' in shared) ? `${escape(shared.description)} ${renderContent(shared.content ?? {})}` : ''}`;
}

function renderContent(content: Record<string, { schema?: unknown }>): string {
  return Object.entries(content)
    .map(([type, media]) =>
      media.schema
        ? `<details><summary><code>${escape(type)}</code></summary><pre>${escape(JSON.stringify(media.schema, null, 2))}</pre></details>`
        : `<code>${escape(type)}</code> (bytes)`,
    )
    .join(' ');
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
