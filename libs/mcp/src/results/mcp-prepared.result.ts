/**
 * A result serialized once and written as those bytes from then on: the lists
 * (`tools/list` and its kin) are the same for every caller with the same roles
 * and scopes, and serializing hundreds of tool schemas costs more than the rest
 * of the request.
 */
export class McpPreparedResult {
  /** The result as UTF-8 JSON. */
  readonly bytes: Buffer;

  /** @param json the result, already JSON */
  constructor(json: string) {
    this.bytes = Buffer.from(json, 'utf8');
  }
}
