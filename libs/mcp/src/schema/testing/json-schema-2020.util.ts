import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { McpJsonSchema } from '../../interfaces/json-schema.interface';

/*
 * Test-only helpers. Ajv is not a dependency of the project: it is present in
 * node_modules because @modelcontextprotocol/sdk (a dev dependency) uses it,
 * which is all the specs need.
 */

// Strict mode turns what 2020-12 would merely ignore (unknown keywords or
// formats, `required` names without a property) into errors, which is the point.
const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);
ajv.addKeyword({ keyword: 'x-mcp-header', schemaType: 'string' });

/**
 * Asserts that `schema` is plain JSON, carries nothing OpenAPI-flavoured, and
 * is accepted by Ajv's JSON Schema 2020-12 meta-schema and strict compiler.
 */
export function expectValid2020Schema(schema: McpJsonSchema): void {
  expect(JSON.parse(JSON.stringify(schema))).toStrictEqual(schema);
  expect(openApiLeftovers(schema, '#')).toEqual([]);
  expect(ajv.validateSchema(schema)).toBe(true);
  expect(ajv.errors ?? []).toEqual([]);
  expect(() => ajv.compile(schema)).not.toThrow();
}

/** Whether `data` is valid against `schema`, with Ajv's errors on failure for readable test output. */
export function validate2020(schema: McpJsonSchema, data: unknown): { valid: boolean; errors: unknown[] } {
  const check = ajv.compile(schema);
  const valid = check(data);
  return { valid, errors: check.errors ?? [] };
}

/** JSON pointers of everything 2020-12 does not mean the way OpenAPI 3.0 does. */
function openApiLeftovers(node: unknown, where: string): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => openApiLeftovers(item, `${where}/${i}`));
  if (node === null || typeof node !== 'object') return node === undefined ? [`${where} is undefined`] : [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    const at = `${where}/${key}`;
    if (['definitions', 'nullable', 'example', 'discriminator', 'xml', 'externalDocs'].includes(key)) found.push(at);
    if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value !== 'number') found.push(at);
    if (key === '$ref' && !(typeof value === 'string' && value.startsWith('#/$defs/'))) found.push(at);
    found.push(...openApiLeftovers(value, at));
  }
  return found;
}
