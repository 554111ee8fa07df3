import { NUMBER_HINT } from './dto-schema-converters.factory';
import { McpJsonSchema, McpJsonValue } from '../interfaces/json-schema.interface';
import { SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './json-schema-keywords.util';
import { McpSchemaMessages } from './json-schema.messages';

/** Keywords that only OpenAPI 3.0 knows, rewritten or dropped below. */
const OPENAPI_ONLY_KEYWORDS = new Set(['nullable', 'example', 'discriminator', 'xml', 'externalDocs', NUMBER_HINT]);

/** The `format` values JSON Schema 2020-12 defines (§7.3 of the validation vocabulary). */
const STANDARD_FORMATS = new Set([
  ...['date-time', 'date', 'time', 'duration'],
  ...['email', 'idn-email', 'hostname', 'idn-hostname', 'ipv4', 'ipv6'],
  ...['uri', 'uri-reference', 'iri', 'iri-reference', 'uuid', 'uri-template'],
  ...['json-pointer', 'relative-json-pointer', 'regex'],
]);

type JsonObject = Record<string, unknown>;

/**
 * Rewrites an OpenAPI-3.0-flavoured schema (what class-validator-jsonschema
 * emits) as JSON Schema 2020-12 and as plain JSON: no `undefined`, no class
 * instances, nothing `JSON.stringify` would silently change.
 *
 * `$ref` values pass through untouched: resolving them is the inliner's job.
 *
 * @param where - Where the schema comes from (e.g. the DTO name), for error messages.
 */
export function normalizeJsonSchema(schema: unknown, where: string): McpJsonSchema {
  const normalized = normalizeSubschema(schema, where);
  if (typeof normalized === 'boolean') throw new Error(McpSchemaMessages.notJson(where, 'a boolean schema'));
  return normalized;
}

function normalizeSubschema(node: unknown, where: string): McpJsonSchema | boolean {
  if (typeof node === 'boolean') return node;
  if (!isPlainObject(node)) throw new Error(McpSchemaMessages.notJson(where, describe(node)));
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    const at = `${where}/${key}`;
    if (value === undefined || OPENAPI_ONLY_KEYWORDS.has(key)) continue;
    if (SCHEMA_MAP_KEYWORDS.has(key)) {
      out[key === 'definitions' ? '$defs' : key] = normalizeSubschemaMap(value, at);
    } else if (SCHEMA_LIST_KEYWORDS.has(key)) {
      out[key] = asArray(value, at).map((item, i) => normalizeSubschema(item, `${at}/${i}`));
    } else if (SCHEMA_KEYWORDS.has(key)) {
      out[key] = normalizeSubschema(value, at);
    } else {
      out[key] = toJsonValue(value, at);
    }
  }
  applyNullable(node, out);
  applyExclusiveBound(out, 'exclusiveMinimum', 'minimum');
  applyExclusiveBound(out, 'exclusiveMaximum', 'maximum');
  applyFormat(out);
  if (node.example !== undefined && out.examples === undefined) {
    out.examples = [toJsonValue(node.example, `${where}/example`)];
  }
  if (node[NUMBER_HINT] === true && out.type === undefined) out.type = 'number';
  return out as McpJsonSchema;
}

/**
 * OpenAPI `nullable: true` is 2020-12 `type: [T, 'null']`; an `enum` must list `null` too or it still rejects it.
 * A nested DTO (`$ref`, inlined later) has no `type` to widen: it becomes `anyOf: [{ $ref }, { type: 'null' }]`.
 */
function applyNullable(source: JsonObject, out: JsonObject): void {
  if (source.nullable !== true) return;
  if (typeof out.$ref === 'string' && out.type === undefined) {
    const { $ref, ...siblings } = out;
    for (const key of Object.keys(out)) delete out[key];
    Object.assign(out, siblings, { anyOf: [{ $ref }, { type: 'null' }] });
    return;
  }
  if (typeof out.type === 'string') out.type = [out.type, 'null'];
  else if (Array.isArray(out.type) && !out.type.includes('null')) out.type = [...out.type, 'null'];
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
}

/**
 * OpenAPI 3.0 (like draft 4) spells an exclusive bound `minimum: n, exclusiveMinimum: true`;
 * 2020-12 spells it `exclusiveMinimum: n`.
 */
function applyExclusiveBound(out: JsonObject, exclusive: string, inclusive: string): void {
  if (typeof out[exclusive] !== 'boolean') return;
  if (out[exclusive] === true && typeof out[inclusive] === 'number') {
    out[exclusive] = out[inclusive];
    delete out[inclusive];
  } else {
    delete out[exclusive];
  }
}

/**
 * Maps the library's formats to their 2020-12 spelling and drops the rest
 * (`mobile-phone`, `isbn`, …): they would not be checked by a client anyway,
 * and strict validators such as Ajv refuse a schema with an unknown format.
 */
function applyFormat(out: JsonObject): void {
  if (typeof out.format !== 'string' || STANDARD_FORMATS.has(out.format)) return;
  if (out.format === 'url') {
    out.format = 'uri';
    return;
  }
  if (out.format === 'base64') out.contentEncoding = 'base64';
  if (out.format === 'json') out.contentMediaType = 'application/json';
  delete out.format;
}

function normalizeSubschemaMap(value: unknown, where: string): Record<string, McpJsonSchema | boolean> {
  if (!isPlainObject(value)) throw new Error(McpSchemaMessages.notJson(where, describe(value)));
  const out: Record<string, McpJsonSchema | boolean> = {};
  for (const [name, child] of Object.entries(value)) {
    if (child !== undefined) out[name] = normalizeSubschema(child, `${where}/${name}`);
  }
  return out;
}

/** A deep copy that is plain JSON, or an error naming what is not. */
function toJsonValue(value: unknown, where: string): McpJsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
    throw new Error(McpSchemaMessages.notJson(where, String(value)));
  }
  if (Array.isArray(value)) {
    // JSON cannot carry `undefined`: an absent value is not a value an enum could list.
    return value.filter((item) => item !== undefined).map((item, i) => toJsonValue(item, `${where}/${i}`));
  }
  if (isPlainObject(value)) {
    const out: Record<string, McpJsonValue> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) out[key] = toJsonValue(item, `${where}/${key}`);
    }
    return out;
  }
  throw new Error(McpSchemaMessages.notJson(where, describe(value)));
}

function asArray(value: unknown, where: string): unknown[] {
  if (Array.isArray(value)) return value;
  throw new Error(McpSchemaMessages.notJson(where, `${describe(value)} where a list of schemas belongs`));
}

function isPlainObject(value: unknown): value is JsonObject {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'object') return `an instance of ${value.constructor?.name ?? 'an unknown class'}`;
  return `a ${typeof value}`;
}
