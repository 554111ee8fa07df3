import { z } from 'zod';
import * as v from 'valibot';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import { StandardJsonSchemaFactory } from './standard-json-schema.factory';
import type { McpStandardSchema } from '../interfaces/mcp-standard-schema.interface';
import { expectValid2020Schema } from './testing/json-schema-2020.util';

const OWNER = 'MCP tool "probe"';

describe('StandardJsonSchemaFactory', () => {
  let factory: StandardJsonSchemaFactory;
  beforeEach(() => (factory = new StandardJsonSchemaFactory()));

  it('converts each side once, drops $schema and freezes the result', () => {
    const calls: string[] = [];
    const schema: McpStandardSchema = {
      '~standard': {
        version: 1,
        vendor: 'probe',
        validate: (value) => ({ value }),
        jsonSchema: {
          input: () => (
            calls.push('input'),
            { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { a: { type: 'string' } } }
          ),
          output: () => (calls.push('output'), { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }),
        },
      },
    };
    const input = factory.create(schema, 'input', OWNER);
    expect(input).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    expect(factory.create(schema, 'input', OWNER)).toBe(input);
    expect(factory.create(schema, 'output', OWNER)).toEqual({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] });
    expect(factory.create(schema, 'output', OWNER)).toBe(factory.create(schema, 'output', OWNER));
    expect(calls).toEqual(['input', 'output']);
    expect(Object.isFrozen(input.properties!.a)).toBe(true);
  });

  it('inlines the $defs Zod writes for a shared schema and keeps under $defs only the recursive one', () => {
    const Tag = z.object({ label: z.string() }).meta({ id: 'StandardProbeTag' });
    const Category = z.object({
      name: z.string(),
      tag: Tag,
      get children() {
        return z.array(Category);
      },
    });
    const schema = factory.create(z.object({ root: Category, tags: z.array(Tag) }), 'input', OWNER);
    const tag = { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] };
    expect(schema.properties!.tags).toEqual({ type: 'array', items: tag });
    const recursive = schema.properties!.root.$ref!;
    expect(recursive).toMatch(/^#\/\$defs\//);
    expect(Object.keys(schema.$defs!)).toEqual([recursive.slice('#/$defs/'.length)]);
    expect(schema.$defs![recursive.slice('#/$defs/'.length)]).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, tag, children: { type: 'array', items: { $ref: recursive } } },
      required: ['name', 'tag', 'children'],
    });
    expectValid2020Schema(schema);
  });

  it('leaves a recursive root as the library wrote it (`$ref: "#"`), with no $defs left over', () => {
    const Node = z.object({
      name: z.string(),
      get children() {
        return z.array(Node);
      },
    });
    expect(factory.create(Node, 'output', OWNER)).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } },
      required: ['name', 'children'],
      additionalProperties: false,
    });
  });

  it('reads Valibot through toStandardJsonSchema and ArkType as it is', () => {
    expect(factory.create(toStandardJsonSchema(v.object({ n: v.pipe(v.number(), v.maxValue(9)) })), 'input', OWNER)).toEqual({
      type: 'object',
      properties: { n: { type: 'number', maximum: 9 } },
      required: ['n'],
    });
    expect(factory.create(type({ 'n?': 'string.email' }), 'input', OWNER)).toEqual({
      type: 'object',
      properties: { n: { type: 'string', format: 'email', pattern: expect.any(String) } },
    });
  });

  it('refuses a schema without ~standard.jsonSchema, telling a Valibot user to add toStandardJsonSchema', () => {
    expect(() => factory.create(v.object({ n: v.string() }), 'input', OWNER)).toThrow(
      'MCP tool "probe": its valibot schema has no "~standard.jsonSchema.input" (StandardJSONSchemaV1), so no JSON Schema can be listed for it; wrap it with toStandardJsonSchema() from @valibot/to-json-schema',
    );
    const bare: McpStandardSchema = { '~standard': { version: 1, vendor: 'other', validate: (value) => ({ value }) } };
    expect(() => factory.create(bare, 'output', OWNER)).toThrow(/its other schema has no "~standard.jsonSchema.output".*or declare a class/);
  });

  it('names the tool and the library’s reason when a schema cannot be converted', () => {
    const trimmed = toStandardJsonSchema(v.object({ n: v.pipe(v.string(), v.trim()) }));
    expect(() => factory.create(trimmed, 'input', OWNER)).toThrow(
      'MCP tool "probe": the input side of its valibot schema cannot be converted to JSON Schema 2020-12 (The "trim" action cannot be converted to JSON Schema.)',
    );
  });
});
