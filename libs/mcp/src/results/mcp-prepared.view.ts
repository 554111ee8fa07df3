/**
 * A result serialized once and written as those bytes from then on: the lists
 * (`tools/list` and its kin) are the same for every caller with the same roles
 * and scopes, and serializing hundreds of tool schemas costs more than the rest
 * of the request.
 */
export class McpPreparedResult {
  /** The result as UTF-8 JSON. */
  readonly bytes: Buffer;
  /**
   * The result and the brace closing the JSON-RPC envelope: what follows the
   * request's id in every answer, prepared once so that writing it copies nothing.
   */
  readonly tail: Buffer;

  /** @param json the result, already JSON */
  constructor(json: string) {
    this.tail = Buffer.from(`${json}}`, 'utf8');
    this.bytes = this.tail.subarray(0, this.tail.length - 1);
  }
}
