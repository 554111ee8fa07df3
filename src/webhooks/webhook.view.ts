import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsISO8601, IsString, IsUrl, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import type { WebhookDeliveriesTable, WebhookDeliveryAttemptsTable, WebhookDeliveryStatus, WebhookEndpointsTable } from './webhook.table';

const DELIVERY_STATUSES: readonly WebhookDeliveryStatus[] = ['pending', 'succeeded', 'failed'];

/** An endpoint as listed: never its secret. */
export class WebhookEndpointView {
  @IsString()
  id!: string;

  @IsUrl({ require_tld: false })
  url!: string;

  @IsString()
  description!: string;

  @IsArray()
  @IsString({ each: true })
  events!: string[];

  @IsBoolean()
  enabled!: boolean;

  @IsISO8601()
  created_at!: string;

  @IsISO8601()
  updated_at!: string;
}

/** What create and rotate answer: the only times the secret is shown. */
export class WebhookEndpointWithSecretView extends WebhookEndpointView {
  @IsString()
  secret!: string;
}

/** One HTTP try of a delivery. */
export class WebhookAttemptView {
  @IsInt()
  attempt!: number;

  @IsInt()
  @JSONSchema({ nullable: true })
  status_code!: number | null;

  @IsInt()
  duration_ms!: number;

  @IsString()
  @JSONSchema({ nullable: true })
  error!: string | null;

  @IsISO8601()
  attempted_at!: string;
}

/** A delivery and every attempt made for it, oldest first. */
export class WebhookDeliveryView {
  @IsString()
  id!: string;

  @IsString()
  endpoint_id!: string;

  @IsString()
  event_id!: string;

  @IsString()
  event_type!: string;

  @IsIn(DELIVERY_STATUSES)
  status!: WebhookDeliveryStatus;

  @IsInt()
  attempt_count!: number;

  @IsInt()
  @JSONSchema({ nullable: true })
  last_status_code!: number | null;

  @IsISO8601()
  @JSONSchema({ nullable: true })
  next_attempt_at!: string | null;

  @IsString()
  @JSONSchema({ nullable: true })
  replay_of!: string | null;

  @IsISO8601()
  created_at!: string;

  @IsISO8601()
  @JSONSchema({ nullable: true })
  completed_at!: string | null;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => WebhookAttemptView)
  attempts!: WebhookAttemptView[];
}

/** What `kadu_webhook_endpoints_delete` answers. */
export class DeletedWebhookEndpointView {
  @IsString()
  id!: string;

  @IsISO8601()
  deleted_at!: string;
}

/** The row's public fields; the sealed secret stays behind. */
export function toEndpointView(row: Omit<WebhookEndpointsTable, 'secret_ciphertext' | 'organization_id' | 'deleted_at'>): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as string[],
    enabled: row.enabled === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A delivery row with its attempts (any order; sorted here). */
export function toDeliveryView(row: WebhookDeliveriesTable, attempts: WebhookDeliveryAttemptsTable[]): WebhookDeliveryView {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempt_count: row.attempt_count,
    last_status_code: row.last_status_code,
    next_attempt_at: row.next_attempt_at,
    replay_of: row.replay_of,
    created_at: row.created_at,
    completed_at: row.completed_at,
    attempts: attempts
      .filter((attempt) => attempt.delivery_id === row.id)
      .sort((a, b) => a.attempt - b.attempt)
      .map((attempt) => ({
        attempt: attempt.attempt,
        status_code: attempt.status_code,
        duration_ms: attempt.duration_ms,
        error: attempt.error,
        attempted_at: attempt.created_at,
      })),
  };
}
