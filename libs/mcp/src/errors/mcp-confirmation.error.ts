import { McpConfirmationMessages } from '../confirmation/mcp-confirmation.messages';
import { JsonRpcException } from './json-rpc.error';
import { invalidParams } from './mcp-method.error';

/*
 * A client that misbehaves during an in-chat confirmation (era 2026 only) gets
 * an error, not a result: the conformance suite requires one.
 */

/** -32602: a `requestState` this server did not sign, or signed for another caller, tool or arguments. */
export function invalidRequestState(): JsonRpcException {
  return invalidParams('2026', McpConfirmationMessages.invalidState());
}

/** -32602: `inputResponses.confirm` is not an elicitation answer. */
export function invalidConfirmationAnswer(): JsonRpcException {
  return invalidParams('2026', McpConfirmationMessages.invalidAnswer());
}
