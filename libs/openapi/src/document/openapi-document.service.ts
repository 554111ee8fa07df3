import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DtoJsonSchemaFactory, McpToolRegistry, StandardJsonSchemaFactory } from '@kobana/mcp';
import { OpenApiRouteExplorer } from '../discovery/openapi-route.explorer';
import type { OpenApiDocument } from '../interfaces/openapi-document.interface';
import type { OpenApiModuleOptions } from '../interfaces/openapi-module-options.interface';
import { OPENAPI_DOCUMENT_FILE, OPENAPI_MODULE_OPTIONS, OPENAPI_PREFIX, OPENAPI_UI_PATH } from '../openapi.constants';
import { OpenApiPageAssets } from '../page/openapi-page-assets.provider';
import { openApiPageCsp } from '../page/openapi-page.constants';
import { renderOpenApiPage } from '../page/openapi-page.view';
import { buildOpenApiDocument } from './openapi-document.factory';
import type { OpenApiSchemaSource } from './openapi-operation.factory';

/**
 * The host's OpenAPI document, built once when the application has started
 * (after `McpModule` registered the tools whose schemas it reuses) and kept
 * serialized (with its page, when `ui` is on), so a request only writes bytes.
 */
@Injectable()
export class OpenApiDocumentService implements OnApplicationBootstrap {
  private built?: Built;

  constructor(
    private readonly explorer: OpenApiRouteExplorer,
    private readonly moduleRef: ModuleRef,
    @Inject(OPENAPI_MODULE_OPTIONS) private readonly options: OpenApiModuleOptions,
    @Inject(OPENAPI_PREFIX) private readonly prefix: string,
    @Inject(OPENAPI_UI_PATH) private readonly uiPath: string,
  ) {}

  onApplicationBootstrap(): void {
    const routes = this.explorer.explore(this.prefix, this.options.bearerGuards);
    const document = deepFreeze(buildOpenApiDocument(routes, this.prefix, this.options, this.schemaSource()));
    this.built = { document, json: JSON.stringify(document), page: this.options.ui ? this.buildPage(document) : undefined };
  }

  /** The document, deep-frozen. @throws Error before the application has started. */
  get document(): OpenApiDocument {
    return this.ready().document;
  }

  /** The document as it is served. @throws Error before the application has started. */
  get json(): string {
    return this.ready().json;
  }

  /** The API reference (its HTML, CSP and files); `undefined` unless the module's `ui` option is on. */
  get page(): OpenApiPage | undefined {
    return this.ready().page;
  }

  private buildPage(document: OpenApiDocument): OpenApiPage {
    const assets = new OpenApiPageAssets(this.uiPath);
    // "Try it out" sends its requests to the document's servers: the CSP lets the page reach them (their origins only).
    const origins = document.servers.flatMap((server) => (URL.canParse(server.url) ? [new URL(server.url).origin] : []));
    return {
      html: renderOpenApiPage(document, `/${this.prefix}/${OPENAPI_DOCUMENT_FILE}`, assets),
      csp: openApiPageCsp([...new Set(origins)]),
      assets,
    };
  }

  private ready(): Built {
    if (!this.built) throw new Error('The OpenAPI document is built when the application starts (app.init())');
    return this.built;
  }

  /** The tools' own schema factories, or new ones for an application without `McpModule`. */
  private schemaSource(): OpenApiSchemaSource {
    const factory = this.lookup(DtoJsonSchemaFactory) ?? new DtoJsonSchemaFactory();
    const standard = this.lookup(StandardJsonSchemaFactory) ?? new StandardJsonSchemaFactory();
    const tools = this.lookup(McpToolRegistry);
    return {
      input: (dto) => factory.create(dto as never),
      output: (view) => factory.createOutput(view as never),
      standard: (schema, side, owner) => standard.create(schema, side, owner),
      tool: (name) => {
        const descriptor = tools?.get(name)?.descriptor;
        return descriptor && { title: descriptor.title, description: descriptor.description, outputSchema: descriptor.outputSchema };
      },
    };
  }

  private lookup<T>(token: new (...args: never[]) => T): T | undefined {
    try {
      return this.moduleRef.get(token, { strict: false });
    } catch {
      return undefined;
    }
  }
}

/** The API reference as it is served: its HTML, the CSP that goes with it, and the files it loads. */
export interface OpenApiPage {
  readonly html: string;
  readonly csp: string;
  readonly assets: OpenApiPageAssets;
}

interface Built {
  document: OpenApiDocument;
  json: string;
  page?: OpenApiPage;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
