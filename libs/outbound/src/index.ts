/**
 * `@kobana/outbound`: requests to addresses that users give (webhooks,
 * client metadata documents), refused when they lead to a non-public network.
 */
export { isLoopbackAddress, isPublicAddress } from './outbound-address.policy';
export { guardedRequest } from './outbound-request.client';
export { DEFAULT_OUTBOUND_MAX_RESPONSE_BYTES, DEFAULT_OUTBOUND_TIMEOUT_MS } from './outbound-request.options';
export type { OutboundFailure, OutboundReach, OutboundRequest, OutboundResponse, OutboundResult } from './outbound-request.options';
export { OUTBOUND_MESSAGES } from './outbound.messages';
