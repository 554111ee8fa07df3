/**
 * Generators of hostile MCP requests: bytes that are not JSON or not UTF-8,
 * wrong types in every JSON-RPC field, broken and repeated headers, huge and
 * deeply nested bodies, prototype-pollution keys, numbers out of range,
 * unknown methods, forged requestState and other organizations' ids.
 */
import fc from 'fast-check';
import { FuzzRequest } from './mcp-fuzz.client';

export type Json = Record<string, unknown>;

/** What the generators know of the running app. */
export interface FuzzWorld {
  token: string;
  otherOrgToken: string;
  /** Ids that exist, but in another organization. */
  foreignIds: string[];
  readTools: string[];
  writeTools: string[];
  destructiveTools: string[];
}

const METHODS = [
  'initialize',
  'ping',
  'server/discover',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/read',
  'resources/templates/list',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'tasks/get',
  'tasks/update',
  'tasks/cancel',
  'notifications/initialized',
];
const VERSIONS = ['2026-07-28', '2025-06-18', '2025-03-26', '2025-11-25', '2024-11-05', '9999-01-01', '', ' 2026-07-28 '];

/** Any JSON value, sometimes hostile: huge or tiny numbers, `__proto__`-like keys, long strings. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -(2 ** 63), 5e-324, 0, -0, Number.MAX_SAFE_INTEGER, '', ' ', '\u0000', '\ud800', 'x'.repeat(70_000)),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'id', 'name'), fc.jsonValue({ maxDepth: 2 }), {
    maxKeys: 3,
  }),
);

/** `depth` levels of `{ "a": … }`, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

const envelope = (extra: Json = {}) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
  ...extra,
});

/** Bytes that are rarely a JSON-RPC request. */
export const rawBody: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
  fc.string({ unit: 'binary', maxLength: 300 }).map((text) => Buffer.from(text, 'utf8')),
  fc.jsonValue({ maxDepth: 4 }).map((value) => Buffer.from(JSON.stringify(value) ?? 'null')),
  fc.integer({ min: 1, max: 200_000 }).map((depth) => Buffer.from('['.repeat(depth) + ']'.repeat(depth))),
  fc
    .integer({ min: 1, max: 50_000 })
    .map((depth) => Buffer.from(`{"jsonrpc":"2.0","id":1,"method":"ping","params":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`)),
  fc.integer({ min: 1_048_000, max: 1_100_000 }).map((size) => Buffer.from(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(size)}"}}`)),
  fc.constantFrom(
    Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
    Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping","__proto__":{"polluted":true}}'),
    Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"constructor":{"prototype":{"polluted":true}}}}}'),
    Buffer.from('{"jsonrpc":"2.0","id":1e999,"method":"ping"}'),
    Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"'),
    Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
  ),
);

/** A JSON-RPC message with any field of the wrong type, missing, or unknown. */
export const wrongMessage: fc.Arbitrary<Json> = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), hostileValue),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), hostileValue),
    method: fc.oneof(fc.constantFrom(...METHODS), fc.string({ maxLength: 40 }), hostileValue),
    params: fc.oneof(
      hostileValue,
      fc.record(
        { _meta: fc.oneof(hostileValue, fc.constant(envelope())), name: hostileValue, arguments: hostileValue, uri: hostileValue },
        { requiredKeys: [] },
      ),
    ),
    result: hostileValue,
  },
  { requiredKeys: [] },
);

/** Headers of a caller, some of them broken, missing or sent twice. */
export function hostileHeaders(world: FuzzWorld): fc.Arbitrary<Record<string, string | string[]>> {
  const headerText = fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((text) => text.replace(/[^\t\x20-\x7e]/g, ''));
  const latin1 = fc
    .uint8Array({ minLength: 1, maxLength: 40 })
    .map((bytes) => Buffer.from(bytes.map((b) => (b < 0x20 ? 0x41 : b === 0x7f ? 0x42 : b))).toString('latin1'));
  const twice = <T>(value: fc.Arbitrary<T>) =>
    fc.oneof(
      value,
      fc.tuple(value, value).map(([a, b]) => [String(a), String(b)]),
    );
  return fc.record(
    {
      Authorization: twice(fc.oneof(fc.constant(`Bearer ${world.token}`), fc.constant(`Bearer ${world.otherOrgToken}`), headerText, latin1)),
      'Content-Type': twice(
        fc.oneof(fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/json-patch+json', ''), headerText),
      ),
      'MCP-Protocol-Version': twice(fc.oneof(fc.constantFrom(...VERSIONS), headerText)),
      'Mcp-Method': twice(fc.oneof(fc.constantFrom(...METHODS), headerText, latin1)),
      'Mcp-Name': twice(
        fc.oneof(
          headerText,
          latin1,
          fc.base64String({ maxLength: 40 }).map((b64) => `=?base64?${b64}?=`),
        ),
      ),
      Origin: fc.oneof(fc.constantFrom('http://localhost:1', 'https://evil.example', 'null', 'file://x'), headerText),
      'Mcp-Param-Region': headerText,
    },
    { requiredKeys: [] },
  );
}

/** A valid-looking era-2026 `tools/call` whose arguments are hostile, as the right caller. */
export function hostileToolCall(world: FuzzWorld, tools: string[], options: { forgeState: boolean; anyArguments: boolean }): fc.Arbitrary<FuzzRequest> {
  const foreign = fc.oneof(
    fc.constantFrom(...world.foreignIds).map((id) => ({ id })),
    fc.constantFrom(...world.foreignIds).map((id) => ({ id, description: 'x' })),
    fc.constantFrom(...world.foreignIds).map((id) => ({ id, input_file_ids: [id], answers: [{ line: 1, category: 'x' }] })),
  );
  // Arbitrary arguments may be valid for a write tool; "foreign" ones never are (unknown fields, or ids of another organization).
  const args = options.anyArguments
    ? fc.oneof(
        fc.dictionary(fc.string({ maxLength: 20 }), hostileValue, { maxKeys: 6 }),
        fc.integer({ min: 100, max: 3000 }).map((depth) => ({ id: nested(depth), limit: nested(depth) })),
        fc.record(
          {
            id: fc.oneof(fc.constantFrom(...world.foreignIds), hostileValue),
            limit: hostileValue,
            cursor: hostileValue,
            name: hostileValue,
            idempotency_key: hostileValue,
          },
          { requiredKeys: [] },
        ),
        foreign,
      )
    : foreign;
  const forgeState = options.forgeState;
  return fc
    .record({ name: fc.constantFrom(...tools), args, state: fc.string({ maxLength: 200 }), responses: hostileValue, id: fc.integer() })
    .map(({ name, args: argumentsValue, state, responses, id }) => {
      const params: Json = { name, arguments: argumentsValue, _meta: envelope() };
      if (forgeState) Object.assign(params, { requestState: state, inputResponses: responses });
      return {
        headers: {
          Authorization: `Bearer ${world.token}`,
          'Content-Type': 'application/json',
          'MCP-Protocol-Version': '2026-07-28',
          'Mcp-Method': 'tools/call',
          'Mcp-Name': name,
        },
        body: Buffer.from(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params })),
      };
    });
}
