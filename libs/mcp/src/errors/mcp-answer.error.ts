/**
 * The base of the errors that are answers, not faults (a refused token, a
 * spent budget, an unknown tool): the filter turns each into its response and
 * nothing ever reads its stack, so none is captured. A stack costs every
 * refused request more than the rest of its refusal, and refusals are what a
 * misbehaving client sends by the thousand.
 */
export abstract class McpAnswerError extends Error {
  constructor(message: string) {
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
  }
}
