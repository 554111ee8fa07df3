import { Controller, Get, Header, NotFoundException, Type } from '@nestjs/common';
import { OpenApiDocumentService } from '../document/openapi-document.service';
import { OPENAPI_PAGE_HEADERS } from './openapi-page.constants';

/**
 * `GET /<uiPath>`: the document as a page, when the module's `ui` option is
 * on; otherwise the path answers Nest's 404 for an unknown route, word for
 * word, so a production host shows nothing of it.
 */
export function createOpenApiPageController(uiPath: string): Type<unknown> {
  @Controller(uiPath)
  class OpenApiPageController {
    constructor(private readonly documents: OpenApiDocumentService) {}

    @Get()
    @Header('Content-Type', OPENAPI_PAGE_HEADERS['Content-Type'])
    @Header('Content-Security-Policy', OPENAPI_PAGE_HEADERS['Content-Security-Policy'])
    @Header('X-Content-Type-Options', OPENAPI_PAGE_HEADERS['X-Content-Type-Options'])
    @Header('Referrer-Policy', OPENAPI_PAGE_HEADERS['Referrer-Policy'])
    @Header('Cache-Control', OPENAPI_PAGE_HEADERS['Cache-Control'])
    page(): string {
      const page = this.documents.page;
      if (page === undefined) throw new NotFoundException(`Cannot GET /${uiPath}`);
      return page;
    }
  }
  return OpenApiPageController;
}
