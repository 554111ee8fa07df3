import { Module } from '@nestjs/common';
import { ExecutionEventsModule } from '../executions/execution-events.module';
import { WebhookDeliveriesController } from './webhook-deliveries.controller';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhookDeliveryWorker } from './webhook-delivery.worker';
import { WebhookEndpointsController } from './webhook-endpoints.controller';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { WebhookUrlValidator } from './webhook-url-validator.service';
import { WebhookSecretBox } from './webhook-secret-box.codec';
import { WebhookSender } from './webhook.client';

/**
 * Webhook endpoints and deliveries over REST and MCP, and the loop that
 * sends a signed `execution.finished` to each endpoint, with retries.
 */
@Module({
  imports: [ExecutionEventsModule],
  controllers: [WebhookEndpointsController, WebhookDeliveriesController],
  providers: [WebhookEndpointsService, WebhookDeliveriesService, WebhookDeliveryWorker, WebhookUrlValidator, WebhookSecretBox, WebhookSender],
})
export class WebhooksModule {}
