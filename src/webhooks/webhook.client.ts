import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { guardedRequest } from '@kobana/outbound';
import { KaduConfig } from '../config/kadu-config.interface';

/** How long one attempt may take, connection included. */
export const WEBHOOK_TIMEOUT_MS = 5000;
/** How much of a receiver's answer is read: enough to be polite, never a memory risk. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/** The outcome of one HTTP attempt. */
export interface WebhookAttemptOutcome {
  /** The response's status, or null when none came. */
  status_code: number | null;
  duration_ms: number;
  /** Why the attempt failed (no response, or a non-2xx); null on success. */
  error: string | null;
}

/**
 * POSTs one delivery through the outbound guard (`@kobana/outbound`): the
 * address is checked when the connection is made, so a DNS answer that
 * changed since the endpoint was saved (rebinding) still cannot reach a
 * private network, unless `KADU_WEBHOOKS_ALLOW_PRIVATE`.
 */
@Injectable()
export class WebhookSender {
  private readonly allowPrivate: boolean;

  constructor(config: ConfigService<KaduConfig, true>) {
    this.allowPrivate = config.get('KADU_WEBHOOKS_ALLOW_PRIVATE', { infer: true });
  }

  /** Never throws: every failure is an outcome to record. */
  async send(url: string, body: string, headers: Record<string, string>, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<WebhookAttemptOutcome> {
    const result = await guardedRequest({
      url,
      method: 'POST',
      headers,
      body,
      timeoutMs,
      maxResponseBytes: MAX_RESPONSE_BYTES,
      reach: this.allowPrivate ? 'any' : 'public',
    });
    if (!result.ok) return { status_code: null, duration_ms: result.durationMs, error: result.error };
    const success = result.status >= 200 && result.status < 300;
    return { status_code: result.status, duration_ms: result.durationMs, error: success ? null : `HTTP ${result.status}` };
  }
}
