import { Controller, Get, Header, Param, Put, Query, Req, StreamableFile } from '@nestjs/common';
import type { Request } from 'express';
import { drainRequestBody } from '@kobana/mcp';
import { API_V1 } from '../app.constants';
import { OpenApiRoute } from '@kobana/openapi';
import { FilesContentService, SignedQuery } from './files-content.service';
import { SignedContentQuery } from './dto/signed-content-query.dto';
import { UPLOADABLE_CONTENT_TYPES } from './files.constants';
import { UploadedContentView } from './uploaded-content.view';

/**
 * `/api/v1/files/:id/content`: the presigned upload and download URLs. No
 * `ApiAuthGuard` on purpose: `expires` and `signature` are the authority.
 * The body parsers skip this path (`FILE_UPLOAD_PATH`, the MCP option `unparsedPaths`), so the
 * upload streams to disk as it arrives.
 */
@Controller(`${API_V1}/files/:id/content`)
export class FilesContentController {
  constructor(private readonly content: FilesContentService) {}

  /** `PUT …?expires=…&signature=…`: the URL `kadu_files_create` answered. */
  @Put()
  @Header('Cache-Control', 'no-store')
  @OpenApiRoute({
    output: UploadedContentView,
    summary: "Upload a file's content",
    description:
      'The upload_url kadu_files_create answered: the bytes as the body, with the declared Content-Type and exactly the declared size. No token: the signature is the authority.',
    query: SignedContentQuery,
    upload: UPLOADABLE_CONTENT_TYPES,
    errors: [403, 413, 415],
  })
  async upload(@Param('id') id: string, @Query() query: SignedQuery, @Req() request: Request): Promise<UploadedContentView> {
    try {
      return await this.content.upload(id, query, request);
    } catch (error) {
      // A refusal before the whole body was read (a bad signature, a size over the declared one): the
      // rest is dropped and the connection closed after the answer, so the client gets it rather than a reset.
      if (!request.complete) drainRequestBody(request);
      throw error;
    }
  }

  /** `GET …?expires=…&signature=…`: the URL `kadu_files_download` answered. */
  @Get()
  @Header('Cache-Control', 'private, no-store')
  @Header('X-Content-Type-Options', 'nosniff')
  @OpenApiRoute({
    binary: UPLOADABLE_CONTENT_TYPES,
    summary: "Download a file's content",
    description: 'The download_url kadu_files_download answered. No token: the signature is the authority.',
    query: SignedContentQuery,
    errors: [403],
  })
  download(@Param('id') id: string, @Query() query: SignedQuery): Promise<StreamableFile> {
    return this.content.download(id, query);
  }
}
