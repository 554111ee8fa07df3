import { Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { SecretsService } from '../secrets/secrets.service';

/**
 * Keys of the approval flow, each derived from `KADU_SIGNING_SECRET` with its
 * own label (HMAC-SHA256 as a KDF), so every replica derives the same ones and
 * a key of one use never verifies another's tokens.
 */
@Injectable()
export class ApprovalKeys {
  constructor(private readonly secrets: SecretsService) {}

  /** Signs the `requestState` of in-chat confirmations. */
  confirmationKey(): Buffer {
    return this.derive('kadu/mcp-confirmation-state');
  }

  /** Signs the approval page's session cookie. */
  sessionKey(): Buffer {
    return this.derive('kadu/approval-session-cookie');
  }

  private derive(label: string): Buffer {
    return createHmac('sha256', this.secrets.get('KADU_SIGNING_SECRET')).update(label).digest();
  }
}
