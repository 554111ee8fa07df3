import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpApprovalKey } from '../interfaces/mcp-confirmation-store.interface';

/** What a confirmation's `requestState` binds: the caller, the tool, the arguments' digest, an expiry and a nonce. */
export interface McpConfirmationState extends McpApprovalKey {
  /** Expiry, epoch milliseconds. */
  expires_at: number;
  /** Random, spent once in the store when the tool runs. */
  nonce: string;
}

/** Longest `requestState` read; anything longer is not one the server issued. */
const MAX_STATE_LENGTH = 4096;
const STATE_FIELDS = ['organization_id', 'subject', 'client_id', 'tool', 'args_digest', 'nonce'] as const;

/**
 * Signs and verifies `requestState`: `base64url(JSON payload) "." base64url(HMAC-SHA256)`.
 * The key comes from the `confirmationSecret` option, shared by every
 * replica; the state is opaque to the client, which only echoes it.
 */
@Injectable()
export class McpRequestStateSigner {
  constructor(@Inject(MCP_RESOLVED_OPTIONS) private readonly options: McpResolvedOptions) {}

  /** A new state for `key`, valid for the configured lifetime from `now`. */
  issue(key: McpApprovalKey, now: Date): string {
    const state: McpConfirmationState = {
      organization_id: key.organization_id,
      subject: key.subject,
      client_id: key.client_id,
      tool: key.tool,
      args_digest: key.args_digest,
      expires_at: now.getTime() + this.options.confirmationTtlSeconds * 1000,
      nonce: randomBytes(16).toString('base64url'),
    };
    const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The state's content when its signature is ours and its shape is intact; `undefined` otherwise (expiry is not checked here). */
  verify(token: string): McpConfirmationState | undefined {
    if (token.length > MAX_STATE_LENGTH) return undefined;
    const [payload, signature, extra] = token.split('.');
    if (extra !== undefined || !payload || !signature) return undefined;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as McpConfirmationState;
      const intact = STATE_FIELDS.every((field) => typeof state[field] === 'string') && Number.isSafeInteger(state.expires_at);
      return intact ? state : undefined;
    } catch {
      return undefined;
    }
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret()).update(payload).digest('base64url');
  }

  private secret(): string | Buffer {
    const secret = this.options.confirmationSecret;
    return typeof secret === 'function' ? secret() : secret;
  }
}
