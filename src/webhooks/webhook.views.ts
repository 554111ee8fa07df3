import type { WebhookDeliveriesTable, WebhookDeliveryAttemptsTable, WebhookDeliveryStatus, WebhookEndpointsTable } from './webhook.tables';

/** An endpoint as listed: never its secret. */
export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  created_at: string;
  updated_at: string;
}

/** What create and rotate answer: the only times the secret is shown. */
export interface WebhookEndpointWithSecretView extends WebhookEndpointView {
  secret: string;
}

/** One HTTP try of a delivery. */
export interface WebhookAttemptView {
  attempt: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  attempted_at: string;
}

/** A delivery and every attempt made for it, oldest first. */
export interface WebhookDeliveryView {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: WebhookDeliveryStatus;
  attempt_count: number;
  last_status_code: number | null;
  next_attempt_at: string | null;
  replay_of: string | null;
  created_at: string;
  completed_at: string | null;
  attempts: WebhookAttemptView[];
}

/** What `kadu_webhook_endpoints_delete` answers. */
export interface DeletedWebhookEndpointView {
  id: string;
  deleted_at: string;
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
