import { HttpStatus, Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'crypto';
import { JsonRpcErrorCode, JsonRpcException } from '@kobana/mcp';

/** What a fixture keeps across rounds of a multi-round call. */
export interface RoundState {
  tool: string;
  round: number;
  answers: Record<string, unknown>;
}

/**
 * Signs and checks the `requestState` of the multi-round (input_required)
 * fixtures: base64url(JSON) + "." + HMAC-SHA256, with a key made at start-up.
 * A state that fails its signature, or was issued for another tool, is
 * -32602 "Invalid requestState" (the suite's tampered-state scenario wants an
 * error). The module's own confirmation flow (docs/protocol.md §7) signs the same way
 * with a key every replica shares.
 */
@Injectable()
export class ConformanceRequestState {
  private readonly key = randomBytes(32);

  sign(state: RoundState): string {
    const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The state of `tool`, or undefined when none was echoed; throws -32602 when it is not one this host issued for `tool`. */
  verify(tool: string, requestState: unknown): RoundState | undefined {
    if (requestState === undefined) return undefined;
    const [payload, mac] = typeof requestState === 'string' ? requestState.split('.') : [];
    const expected = payload ? Buffer.from(this.mac(payload)) : Buffer.alloc(0);
    const given = Buffer.from(mac ?? '');
    if (!payload || given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidState();
    const state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as RoundState;
    if (state.tool !== tool) throw invalidState();
    return state;
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

function invalidState(): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.InvalidParams, 'Invalid requestState', HttpStatus.BAD_REQUEST);
}
