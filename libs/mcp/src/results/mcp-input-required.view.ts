/** One request the client must fulfil before it retries (SEP-2322 `InputRequest`). */
export interface McpInputRequest {
  method: 'elicitation/create' | 'sampling/createMessage' | 'roots/list';
  params: Record<string, unknown>;
}

/**
 * What a tool or prompt method returns when it needs the person or
 * the client's model before it can finish (era 2026-07-28, multi-round
 * requests): the module answers `resultType: "input_required"` with these
 * requests, and the client retries the same call with `inputResponses`
 * (keyed as here) and the `requestState` echoed. The method reads both from
 * `@McpContext()`. `requestState` is opaque to the client: sign it (HMAC)
 * when it carries anything the method trusts.
 *
 * In era 2025 there is no way to ask during a call: a tool answers an
 * `isError` result saying so, a prompt -32602. Resources cannot ask
 * (`resources/read` has no multi-round form in the module).
 */
export class McpInputRequired {
  readonly resultType = 'input_required' as const;

  constructor(
    readonly inputRequests: Record<string, McpInputRequest>,
    readonly requestState?: string,
  ) {}

  /** The result members of the era-2026 answer. */
  toResult(): Record<string, unknown> {
    return {
      resultType: this.resultType,
      inputRequests: this.inputRequests,
      ...(this.requestState !== undefined ? { requestState: this.requestState } : {}),
    };
  }
}
