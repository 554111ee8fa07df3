import { Controller, Get, Param, Post, Query, UseGuards } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import { API_V1 } from '../app.constants';
import { IdempotencyKeyHeader, withIdempotencyKey } from '@kobana/idempotency';
import { ParseIdPipe } from '../common/ids/parse-id.pipe';
import { Page } from '../common/pagination/page.interface';
import { ApiAuthGuard, CurrentCaller } from '@kobana/identity';
import { ListWebhookDeliveriesDto, WebhookWriteDto } from './dto/webhook-endpoint.dto';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhookDeliveryView } from './webhook.view';
import { OpenApiRoute } from '@kobana/openapi';

/** `/api/v1/webhook_deliveries`: each route hands the tool's DTO to the same service method the tool runs. */
@Controller(`${API_V1}/webhook_deliveries`)
@UseGuards(ApiAuthGuard)
export class WebhookDeliveriesController {
  constructor(private readonly deliveries: WebhookDeliveriesService) {}

  /** `GET /api/v1/webhook_deliveries?endpoint_id=…` = `kadu_webhook_deliveries_list`. */
  @Get()
  @OpenApiRoute({ tool: 'kadu_webhook_deliveries_list', errors: [403] })
  list(@CurrentCaller() caller: McpCaller, @Query() query: ListWebhookDeliveriesDto): Promise<Page<WebhookDeliveryView>> {
    return this.deliveries.list(caller, query);
  }

  /** `POST /api/v1/webhook_deliveries/:id/replay` = `kadu_webhook_deliveries_replay` (201: a new delivery). */
  @Post(':id/replay')
  @OpenApiRoute({ tool: 'kadu_webhook_deliveries_replay', errors: [403, 409] })
  replay(
    @CurrentCaller() caller: McpCaller,
    @Param('id', ParseIdPipe) id: string,
    @IdempotencyKeyHeader() key: string | undefined,
  ): Promise<WebhookDeliveryView> {
    return this.deliveries.replay(caller, withIdempotencyKey(Object.assign(new WebhookWriteDto(), { id }), key));
  }
}
