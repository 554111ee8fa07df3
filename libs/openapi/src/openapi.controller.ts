import { Controller, Get, Header, Type } from '@nestjs/common';
import { OPENAPI_DOCUMENT_FILE } from './openapi.constants';
import { OpenApiRoute } from './decorators/openapi-route.decorator';
import { OpenApiDocumentService } from './document/openapi-document.service';

/** What `GET …/openapi.json` is described as in the document itself. */
const DOCUMENT_SCHEMA = {
  type: 'object',
  properties: { openapi: { type: 'string', pattern: '^3\\.1\\.' }, info: { type: 'object' }, paths: { type: 'object' } },
  required: ['openapi', 'info', 'paths'],
};

/**
 * `GET /<prefix>/openapi.json`, one controller class per prefix (the path of
 * `@Controller()` is fixed when the class is declared). No guard: the
 * document is the public contract of the API and holds nothing of any
 * organization; the bytes were prepared at start-up.
 */
export function createOpenApiController(prefix: string): Type<unknown> {
  @Controller(prefix)
  class OpenApiController {
    constructor(private readonly documents: OpenApiDocumentService) {}

    @Get(OPENAPI_DOCUMENT_FILE)
    @Header('Content-Type', 'application/json; charset=utf-8')
    @Header('Cache-Control', 'no-cache')
    @OpenApiRoute({ outputSchema: DOCUMENT_SCHEMA, summary: 'This document', description: 'The OpenAPI 3.1 document of this API. No token needed.' })
    document(): string {
      return this.documents.json;
    }
  }
  return OpenApiController;
}
