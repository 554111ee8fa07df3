/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = ['execution.finished'] as const;

/** `pending` until a 2xx (`succeeded`) or the last attempt failed (`failed`). */
export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/**
 * `webhook_endpoints`. `events` is a JSON array in text; `enabled` is 0/1;
 * `secret_ciphertext` is the signing secret sealed with AES-256-GCM
 * (see `SecretBox`): it must be readable to sign, so it cannot be a hash.
 */
export interface WebhookEndpointsTable {
  id: string;
  organization_id: string;
  url: string;
  description: string;
  events: string;
  enabled: number;
  secret_ciphertext: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** `webhook_deliveries`: one event for one endpoint; `payload` is the exact JSON body sent on every attempt. */
export interface WebhookDeliveriesTable {
  id: string;
  organization_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  payload: string;
  status: WebhookDeliveryStatus;
  attempt_count: number;
  /** When the loop should try next; null once the delivery is settled. */
  next_attempt_at: string | null;
  last_status_code: number | null;
  /** The delivery this one replays, when made by `kadu_webhook_deliveries_replay`. */
  replay_of: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

/** `webhook_delivery_attempts`: one HTTP try. `status_code` is null when no response came (timeout, refused). */
export interface WebhookDeliveryAttemptsTable {
  id: string;
  delivery_id: string;
  organization_id: string;
  attempt: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  created_at: string;
}
