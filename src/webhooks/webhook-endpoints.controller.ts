import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import { API_V1 } from '../app.constants';
import { IdempotencyKeyHeader, withIdempotencyKey } from '@kobana/idempotency';
import { ParseIdPipe } from '../common/ids/parse-id.pipe';
import { Page } from '../common/pagination/page.interface';
import { ApiAuthGuard, CurrentCaller } from '@kobana/identity';
import {
  CreateWebhookEndpointDto,
  ListWebhookEndpointsDto,
  UpdateWebhookEndpointDto,
  WebhookEndpointChangesDto,
  WebhookWriteDto,
} from './dto/webhook-endpoint.dto';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { DeletedWebhookEndpointView, WebhookEndpointView, WebhookEndpointWithSecretView } from './webhook.view';
import { OpenApiRoute } from '@kobana/openapi';

/** `/api/v1/webhook_endpoints`: each route hands the tool's DTO to the same service method the tool runs. */
@Controller(`${API_V1}/webhook_endpoints`)
@UseGuards(ApiAuthGuard)
export class WebhookEndpointsController {
  constructor(private readonly endpoints: WebhookEndpointsService) {}

  /** `GET /api/v1/webhook_endpoints` = `kadu_webhook_endpoints_list`. */
  @Get()
  @OpenApiRoute({ tool: 'kadu_webhook_endpoints_list', errors: [403] })
  list(@CurrentCaller() caller: McpCaller, @Query() query: ListWebhookEndpointsDto): Promise<Page<WebhookEndpointView>> {
    return this.endpoints.list(caller, query);
  }

  /** `POST /api/v1/webhook_endpoints` = `kadu_webhook_endpoints_create`. */
  @Post()
  @OpenApiRoute({ tool: 'kadu_webhook_endpoints_create', errors: [403, 409] })
  create(
    @CurrentCaller() caller: McpCaller,
    @Body() body: CreateWebhookEndpointDto,
    @IdempotencyKeyHeader() key: string | undefined,
  ): Promise<WebhookEndpointWithSecretView> {
    return this.endpoints.create(caller, withIdempotencyKey(body, key));
  }

  /** `PATCH /api/v1/webhook_endpoints/:id` = `kadu_webhook_endpoints_update`. */
  @Patch(':id')
  @OpenApiRoute({ tool: 'kadu_webhook_endpoints_update', errors: [403, 409] })
  update(
    @CurrentCaller() caller: McpCaller,
    @Param('id', ParseIdPipe) id: string,
    @Body() body: WebhookEndpointChangesDto,
    @IdempotencyKeyHeader() key: string | undefined,
  ): Promise<WebhookEndpointView> {
    return this.endpoints.update(caller, withIdempotencyKey(Object.assign(new UpdateWebhookEndpointDto(), body, { id }), key));
  }

  /** `DELETE /api/v1/webhook_endpoints/:id` = `kadu_webhook_endpoints_delete`. */
  @Delete(':id')
  @OpenApiRoute({ tool: 'kadu_webhook_endpoints_delete', errors: [403, 409] })
  delete(
    @CurrentCaller() caller: McpCaller,
    @Param('id', ParseIdPipe) id: string,
    @IdempotencyKeyHeader() key: string | undefined,
  ): Promise<DeletedWebhookEndpointView> {
    return this.endpoints.delete(caller, withIdempotencyKey(Object.assign(new WebhookWriteDto(), { id }), key));
  }

  /** `POST /api/v1/webhook_endpoints/:id/rotate_secret` = `kadu_webhook_endpoints_rotate_secret`. */
  @Post(':id/rotate_secret')
  @HttpCode(200)
  @OpenApiRoute({ tool: 'kadu_webhook_endpoints_rotate_secret', errors: [403, 409] })
  rotateSecret(
    @CurrentCaller() caller: McpCaller,
    @Param('id', ParseIdPipe) id: string,
    @IdempotencyKeyHeader() key: string | undefined,
  ): Promise<WebhookEndpointWithSecretView> {
    return this.endpoints.rotateSecret(caller, withIdempotencyKey(Object.assign(new WebhookWriteDto(), { id }), key));
  }
}
