import { Inject, Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { APPROVAL_SIGNING_SECRET, ApprovalSigningSecret } from './approval-host.table';

/**
 * Keys of the approval flow, each derived from the host's signing secret with its
 * own label (HMAC-SHA256 as a KDF), so every replica derives the same ones and
 * a key of one use never verifies another's tokens.
 */
@Injectable()
export class ApprovalKeys {
  constructor(@Inject(APPROVAL_SIGNING_SECRET) private readonly secret: ApprovalSigningSecret) {}

  /** Signs the `requestState` of in-chat confirmations. */
  confirmationKey(): Buffer {
    return this.derive('kadu/mcp-confirmation-state');
  }

  /** Signs the approval page's session cookie. */
  sessionKey(): Buffer {
    return this.derive('kadu/approval-session-cookie');
  }

  // The labels keep Kadu's names for both hosts: each host has its own secret, and a new label would void every state in flight.
  private derive(label: string): Buffer {
    return createHmac('sha256', this.secret.get()).update(label).digest();
  }
}
