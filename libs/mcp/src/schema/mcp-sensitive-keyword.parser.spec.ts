import { readSensitiveKeyword } from './mcp-sensitive-keyword.parser';
import type { McpJsonSchema } from '../interfaces/json-schema.interface';
import type { McpSensitivePlan } from '../interfaces/mcp-sensitive-plan.interface';

/** A plan as plain data, so `toEqual` can compare it. */
function plain(plan: McpSensitivePlan | undefined): unknown {
  if (!plan) return undefined;
  return { remove: [...plan.remove].sort(), nested: Object.fromEntries([...plan.nested].map(([key, inner]) => [key, plain(inner)])) };
}

describe('readSensitiveKeyword', () => {
  it('marks properties at any depth, through array items and combinator branches, and removes every mark', () => {
    const schema: McpJsonSchema = {
      type: 'object',
      properties: {
        token: { type: 'string', 'x-mcp-sensitive': true },
        public: { type: 'string', 'x-mcp-sensitive': false },
        owner: { type: 'object', properties: { document: { type: 'string', 'x-mcp-sensitive': true }, name: { type: 'string' } } },
        lines: { type: 'array', items: { type: 'object', properties: { coupon: { type: 'string', 'x-mcp-sensitive': true } } } },
        pins: { type: 'array', items: { type: 'string', 'x-mcp-sensitive': true } },
        contact: {
          anyOf: [
            { type: 'object', properties: { email: { type: 'string', 'x-mcp-sensitive': true } } },
            { type: 'object', properties: { phone: { type: 'string', 'x-mcp-sensitive': true } } },
            { type: 'null' },
          ],
        },
        maybe: { anyOf: [{ type: 'string', 'x-mcp-sensitive': true }, { type: 'null' }] },
      },
    };
    const { schema: listed, plan } = readSensitiveKeyword(schema, 'MCP tool "t"');
    expect(JSON.stringify(listed)).not.toContain('x-mcp-sensitive');
    expect(listed.properties!.owner).toEqual({ type: 'object', properties: { document: { type: 'string' }, name: { type: 'string' } } });
    expect(plain(plan)).toEqual({
      remove: ['maybe', 'pins', 'token'],
      nested: {
        owner: { remove: ['document'], nested: {} },
        lines: { remove: ['coupon'], nested: {} },
        contact: { remove: ['email', 'phone'], nested: {} },
      },
    });
    // The given schema is left as it was (it may be a frozen, shared conversion).
    expect(schema.properties!.token['x-mcp-sensitive']).toBe(true);
  });

  it('no mark: no plan, and the same keywords', () => {
    const schema: McpJsonSchema = { type: 'object', properties: { a: { type: 'string', minLength: 2 } }, required: ['a'] };
    expect(readSensitiveKeyword(schema, 'x')).toEqual({ schema, plan: undefined });
  });

  it('refuses a mark no key can be left out for, and a value that is not a boolean', () => {
    expect(() => readSensitiveKeyword({ type: 'object', 'x-mcp-sensitive': true }, 'MCP tool "t"')).toThrow('"x-mcp-sensitive" at # marks no argument');
    expect(() => readSensitiveKeyword({ type: 'object', patternProperties: { '^k': { type: 'string', 'x-mcp-sensitive': true } } }, 'MCP tool "t"')).toThrow(
      'at #/patternProperties/^k marks no argument',
    );
    expect(() => readSensitiveKeyword({ type: 'object', properties: { a: { type: 'string', 'x-mcp-sensitive': 'yes' } } }, 'MCP tool "t"')).toThrow(
      '"x-mcp-sensitive" at #/properties/a is "yes"; it takes true or false',
    );
  });
});
