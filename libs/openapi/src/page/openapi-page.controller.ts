import { Controller, Get, NotFoundException, Param, Res, Type } from '@nestjs/common';
import type { Response } from 'express';
import { OpenApiDocumentService } from '../document/openapi-document.service';
import { OPENAPI_ASSET_CACHE_CONTROL, OPENAPI_PAGE_HEADERS } from './openapi-page.constants';

/**
 * `GET /<uiPath>`: the API reference, and `GET /<uiPath>/assets/<digest>/<name>`
 * the files it loads, when the module's `ui` option is on; otherwise both
 * answer Nest's 404 for an unknown route, word for word, so a production
 * host shows nothing of them.
 */
export function createOpenApiPageController(uiPath: string): Type<unknown> {
  @Controller(uiPath)
  class OpenApiPageController {
    constructor(private readonly documents: OpenApiDocumentService) {}

    @Get()
    page(@Res() res: Response): void {
      const page = this.documents.page;
      if (page === undefined) throw new NotFoundException(`Cannot GET /${uiPath}`);
      res.status(200).set(OPENAPI_PAGE_HEADERS).set('Content-Security-Policy', page.csp).send(page.html);
    }

    @Get('assets/:digest/:name')
    asset(@Param('digest') digest: string, @Param('name') name: string, @Res() res: Response): void {
      const asset = this.documents.page?.assets.find(digest, name);
      if (asset === undefined) throw new NotFoundException(`Cannot GET /${uiPath}/assets/${digest}/${name}`);
      res.status(200).set({ 'Content-Type': asset.type, 'Cache-Control': OPENAPI_ASSET_CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' }).send(asset.body);
    }
  }
  return OpenApiPageController;
}
