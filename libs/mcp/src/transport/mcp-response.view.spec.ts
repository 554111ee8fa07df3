import fc from 'fast-check';
import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpEra } from '../interfaces/mcp-request.interface';
import { JsonRpcId } from '../interfaces/json-rpc.interface';
import { McpMethodContext } from '../interfaces/mcp-method-context.interface';
import { McpMethodHandler } from '../dispatch/mcp-method.handler';
import { McpDispatcher } from '../dispatch/mcp-dispatcher.service';
import { McpServerDescription } from '../discovery/mcp-server-description.service';
import { McpContent } from '../results/mcp-content.view';
import { McpToolResult, toolResult } from '../results/mcp-tool.view';
import { McpRawJson } from '../results/mcp-raw-json.view';
import { sendMcpResult } from './mcp-response.view';
import { McpExpressTransport } from './mcp-express-transport.provider';

/**
 * `toolResult` as it was before `structuredContent` stayed JSON text: the
 * value serialized, read back, and serialized again with the whole answer.
 * Every answer the writer sends now must be these bytes. An error result is
 * its text alone (docs/protocol.md §4).
 */
function toolResultBefore(value: unknown, isError = false): Record<string, unknown> {
  if (value instanceof McpContent) {
    const failed = value.isError === true || isError;
    return {
      content: [...value.content],
      ...(value.structuredContent && !failed ? { structuredContent: value.structuredContent } : {}),
      ...(failed ? { isError: true } : {}),
    };
  }
  const text = value === undefined ? '' : (JSON.stringify(value) as string | undefined);
  // No JSON (a `toJSON` answering `undefined`): no result to write, error or not.
  if (text === undefined) throw new TypeError('no JSON');
  const structured = text === '' || isError ? undefined : JSON.parse(text);
  return {
    content: [{ type: 'text', text }],
    ...(structured !== null && typeof structured === 'object' && !Array.isArray(structured) ? { structuredContent: structured } : {}),
    ...(isError ? { isError: true } : {}),
  };
}

/** `tools/call` reduced to what shapes its answer: the result of one value, spread as the real handler spreads it. */
class ValueHandler implements McpMethodHandler {
  readonly method = 'tools/call';
  readonly eras = ['2025', '2026'] as const;
  readonly cacheable = false;
  result: McpToolResult | Record<string, unknown> = {};

  handle() {
    return { ...this.result };
  }
}

const handler = new ValueHandler();
const server = { resultMeta: { 'io.modelcontextprotocol/serverInfo': { name: 'kadu', version: '1.0.0' } }, announces: () => true };
const dispatcher = new McpDispatcher([handler], server as unknown as McpServerDescription);

function context(era: McpEra, id: JsonRpcId): McpMethodContext {
  const caller = { subject: 's', organization_id: 'o', client_id: 'c', client_name: 'C', scopes: [], roles: [] } as McpCaller;
  return { message: { jsonrpc: '2.0', id, method: 'tools/call', params: {} }, params: {}, era, caller, state: {} as never, request: {} as never };
}

/** The bytes and headers the writer sends for one tool result, through the real dispatcher and writer. */
async function written(result: McpToolResult | Record<string, unknown>, era: McpEra, id: JsonRpcId) {
  handler.result = result;
  const shaped = await dispatcher.dispatch(context(era, id));
  const sent: { status?: number; headers: Record<string, unknown>; body?: string } = { headers: {} };
  const response = {
    set statusCode(status: number) {
      sent.status = status;
    },
    setHeader: (name: string, value: unknown) => (sent.headers[name] = value),
    end: (body: string | Buffer) => (sent.body = Buffer.from(body).toString('utf8')),
  };
  sendMcpResult(new McpExpressTransport(), response, id, shaped as Record<string, unknown>);
  return { sent, shaped };
}

/** Values whose serialization has corners: `toJSON` (which gets its key), dates (invalid too), boxed values, sparse arrays, lone surrogates. */
const withToJson = fc.oneof(
  fc.anything().map((value) => ({ toJSON: () => value })),
  fc.anything().map((value) => ({ value, toJSON: (key: string) => ({ key, value }) })),
  fc.date({ noInvalidDate: false }),
  fc.date().map((at) => ({ at, nested: [at, { at }] })),
);
const anyValue = fc.anything({
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  stringUnit: 'binary',
  key: fc.oneof(fc.string({ unit: 'binary' }), fc.nat().map(String), fc.constantFrom('__proto__', 'toJSON', 'constructor', '-1', '01', '4294967295')),
});
const toolValue = fc.oneof(
  anyValue,
  withToJson,
  fc.dictionary(fc.oneof(fc.string(), fc.nat().map(String)), fc.oneof(anyValue, withToJson)),
  fc.double().map((number) => ({ number })),
  fc.constantFrom(undefined, null, '', '{}', [], {}, -0, NaN, Infinity, new Date(NaN), { a: undefined }, [undefined]),
);
const contentValue = fc
  .record({
    content: fc.array(
      fc.oneof(
        fc.string({ unit: 'binary' }).map((text) => ({ type: 'text' as const, text })),
        fc.base64String().map((data) => ({ type: 'image' as const, data, mimeType: 'image/png' })),
      ),
    ),
    structuredContent: fc.option(fc.dictionary(fc.string(), anyValue), { nil: undefined }),
    isError: fc.boolean(),
  })
  .map(({ content, ...options }) => new McpContent(content, options));
const ids = fc.oneof(fc.integer(), fc.string({ unit: 'binary' }));

describe('tool results written once (structuredContent kept as the JSON text)', () => {
  it('writes exactly the bytes of the value read back and serialized again, in both eras, errors too', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(toolValue, contentValue), fc.boolean(), fc.constantFrom<McpEra>('2025', '2026'), ids, async (value, isError, era, id) => {
        let resultBefore: Record<string, unknown>;
        try {
          resultBefore = toolResultBefore(value, isError);
        } catch {
          // No JSON (a `toJSON` answering `undefined`): it failed before, and still fails.
          expect(() => toolResult(value, isError)).toThrow(TypeError);
          return;
        }
        const before = await written(resultBefore, era, id);
        const after = await written(toolResult(value, isError), era, id);
        expect(after.sent).toEqual(before.sent);
        // Anything else that serializes the answer (a log, an audit) gets the same JSON through `toJSON`.
        expect(JSON.stringify(after.shaped)).toBe(before.sent.body!.slice(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`.length, -1));
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps an object as its JSON text, and gives arrays, primitives and undefined no structuredContent', () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const object = toolResult({ id: 't1', at, gone: undefined, items: [1, 'two'] });
    expect(object.structuredContent).toBeInstanceOf(McpRawJson);
    expect((object.structuredContent as McpRawJson).json).toBe('{"id":"t1","at":"2026-01-02T03:04:05.678Z","items":[1,"two"]}');
    expect(object.content).toEqual([{ type: 'text', text: (object.structuredContent as McpRawJson).json }]);
    for (const value of [[{ id: 't1' }], 'text', 1, null, true])
      expect(toolResult(value)).toEqual({ content: [{ type: 'text', text: JSON.stringify(value) }] });
    expect(toolResult(undefined)).toEqual({ content: [{ type: 'text', text: '' }] });
    expect(toolResult({ message: 'Not found' }, true)).toEqual({ content: [{ type: 'text', text: '{"message":"Not found"}' }], isError: true });
    const refused = new McpContent([{ type: 'text', text: 'Closed' }], { structuredContent: { closed: true }, isError: true });
    expect(toolResult(refused)).toEqual({ content: [{ type: 'text', text: 'Closed' }], isError: true });
  });

  it('still fails on a value with no JSON, as reading it back failed', () => {
    for (const value of [() => 1, Symbol('s'), { toJSON: () => undefined }]) {
      expect(() => toolResultBefore(value)).toThrow();
      expect(() => toolResult(value)).toThrow(TypeError);
    }
  });

  it('writes a result without JSON text as before', async () => {
    const plain = { content: [{ type: 'text', text: 'Approve it' }], structuredContent: { status: 'approval_required' }, isError: undefined };
    const { sent } = await written(plain, '2025', 7);
    expect(sent.body).toBe(JSON.stringify({ jsonrpc: '2.0', id: 7, result: plain }));
    expect(sent).toMatchObject({
      status: 200,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(sent.body!) },
    });
  });
});
