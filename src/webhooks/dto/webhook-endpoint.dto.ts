import { ArrayNotEmpty, ArrayUnique, IsArray, IsBoolean, IsIn, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import { IsKaduId } from '../../common/ids/kadu-id.decorator';
import { IdempotentDto } from '@kobana/idempotency';
import { McpSensitive } from '@kobana/mcp';
import { shownWebhookUrl } from '../webhook-url.view';
import { PageQueryDto } from '../../common/pagination/page-query.dto';
import { WEBHOOK_EVENT_TYPES } from '../webhook.table';

/** The optional fields of an endpoint, shared by create and update. */
export class WebhookEndpointOptionsDto extends IdempotentDto {
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;

  /** @default ['execution.finished'] */
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayUnique()
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events?: string[];

  /** A disabled endpoint receives nothing. @default true */
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

/** `POST /api/v1/webhook_endpoints` and `kadu_webhook_endpoints_create`. */
export class CreateWebhookEndpointDto extends WebhookEndpointOptionsDto {
  /** Where deliveries are POSTed: http or https. Hosts that resolve to non-public addresses are refused. Kept out of the audit trail, and an approval keeps only its host: such URLs often carry a token. */
  @McpSensitive({ shown: shownWebhookUrl })
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false })
  @MaxLength(2048)
  url: string;
}

/** The body of `PATCH /api/v1/webhook_endpoints/:id`: the fields to change. */
export class WebhookEndpointChangesDto extends WebhookEndpointOptionsDto {
  @McpSensitive({ shown: shownWebhookUrl })
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false })
  @MaxLength(2048)
  url?: string;
}

/** `kadu_webhook_endpoints_update`: the id and the fields to change. */
export class UpdateWebhookEndpointDto extends WebhookEndpointChangesDto {
  @IsKaduId()
  id: string;
}

/** Writes on one endpoint or delivery (delete, rotate, replay), with an optional idempotency key. */
export class WebhookWriteDto extends IdempotentDto {
  @IsKaduId()
  id: string;
}

/** `GET /api/v1/webhook_endpoints` and `kadu_webhook_endpoints_list`. */
export class ListWebhookEndpointsDto extends PageQueryDto {}

/** `GET /api/v1/webhook_deliveries` and `kadu_webhook_deliveries_list`: optionally one endpoint's. */
export class ListWebhookDeliveriesDto extends PageQueryDto {
  @IsOptional()
  @IsKaduId()
  endpoint_id?: string;
}
