import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import { API_V1 } from '../app.constants';
import { IdempotencyKeyHeader, withIdempotencyKey } from '@kobana/idempotency';
import { ParseIdPipe } from '../common/ids/parse-id.pipe';
import { Page } from '../common/pagination/page.interface';
import { ApiAuthGuard, CurrentCaller } from '@kobana/identity';
import { CreateFileDto } from './dto/create-file.dto';
import { FileIdDto, FileWriteDto } from './dto/file-id.dto';
import { ListFilesDto } from './dto/list-files.dto';
import { DeletedFileView, FileDownloadView, FileUploadView, FileView } from './file.view';
import { FilesService } from './files.service';
import { OpenApiRoute } from '@kobana/openapi';

/** `/api/v1/files`: each route hands the tool's DTO to the same service method the tool runs. */
@Controller(`${API_V1}/files`)
@UseGuards(ApiAuthGuard)
export class FilesController {
  constructor(private readonly files: FilesService) {}

  /** `GET /api/v1/files` = `kadu_files_list`. */
  @Get()
  @OpenApiRoute({ tool: 'kadu_files_list' })
  list(@CurrentCaller() caller: McpCaller, @Query() query: ListFilesDto): Promise<Page<FileView>> {
    return this.files.list(caller, query);
  }

  /** `GET /api/v1/files/:id` = `kadu_files_get`. */
  @Get(':id')
  @OpenApiRoute({ tool: 'kadu_files_get' })
  get(@CurrentCaller() caller: McpCaller, @Param('id', ParseIdPipe) id: string): Promise<FileView> {
    return this.files.get(caller, Object.assign(new FileIdDto(), { id }));
  }

  /** `POST /api/v1/files` (`Idempotency-Key` header) = `kadu_files_create`. */
  @Post()
  @OpenApiRoute({ tool: 'kadu_files_create', errors: [403, 409] })
  create(@CurrentCaller() caller: McpCaller, @Body() body: CreateFileDto, @IdempotencyKeyHeader() key: string | undefined): Promise<FileUploadView> {
    return this.files.create(caller, withIdempotencyKey(body, key));
  }

  /** `POST /api/v1/files/:id/confirm` = `kadu_files_confirm`. */
  @Post(':id/confirm')
  @HttpCode(200)
  @OpenApiRoute({ tool: 'kadu_files_confirm', errors: [403, 409] })
  confirm(@CurrentCaller() caller: McpCaller, @Param('id', ParseIdPipe) id: string, @IdempotencyKeyHeader() key: string | undefined): Promise<FileView> {
    return this.files.confirm(caller, withIdempotencyKey(Object.assign(new FileWriteDto(), { id }), key));
  }

  /** `POST /api/v1/files/:id/download` = `kadu_files_download`: a POST, since each call mints a new URL. */
  @Post(':id/download')
  @HttpCode(200)
  @OpenApiRoute({ tool: 'kadu_files_download', errors: [409] })
  download(@CurrentCaller() caller: McpCaller, @Param('id', ParseIdPipe) id: string): Promise<FileDownloadView> {
    return this.files.download(caller, Object.assign(new FileIdDto(), { id }));
  }

  /** `DELETE /api/v1/files/:id` = `kadu_files_delete`. */
  @Delete(':id')
  @OpenApiRoute({ tool: 'kadu_files_delete', errors: [403, 409] })
  delete(@CurrentCaller() caller: McpCaller, @Param('id', ParseIdPipe) id: string, @IdempotencyKeyHeader() key: string | undefined): Promise<DeletedFileView> {
    return this.files.delete(caller, withIdempotencyKey(Object.assign(new FileWriteDto(), { id }), key));
  }
}
