/**
 * A JSON value kept as the text it was serialized to, for the response writer
 * to write as is: a tool's `structuredContent` is the route's JSON, which the
 * text block already holds, so reading it back into an object only to
 * serialize it again in the response cost a parse and a serialization per call.
 *
 * Anything else that serializes it (`JSON.stringify`) still gets the same
 * bytes, through `toJSON`, only slower.
 */
export class McpRawJson {
  /** @param json a JSON text exactly as `JSON.stringify` wrote it (no whitespace around it) */
  constructor(readonly json: string) {}

  /** The value itself, for a serializer that does not write the text as is. */
  toJSON(): unknown {
    return JSON.parse(this.json);
  }
}
