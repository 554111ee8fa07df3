import 'reflect-metadata';
import {
  IS_DATE_STRING,
  IS_DIVISIBLE_BY,
  IS_ENUM,
  IS_IN,
  IS_ISO8601,
  IS_NEGATIVE,
  IS_NOT_EMPTY,
  IS_NUMBER,
  IS_POSITIVE,
  IS_URL,
  MATCHES,
  MAX,
  MIN,
  ValidationTypes,
} from 'class-validator';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import { McpJsonSchemaType } from '../interfaces/json-schema.interface';
import { McpSchemaMessages } from './json-schema.messages';

/** Options of class-validator-jsonschema (its `IOptions` type is not exported). */
export type CvjsOptions = NonNullable<Parameters<typeof targetConstructorToSchema>[1]>;

/** Converters keyed by class-validator type name, as class-validator-jsonschema takes them. */
export type CvjsConverters = NonNullable<CvjsOptions['additionalConverters']>;

/** Turns a nested DTO class into the `$ref` that stands for it until the inliner replaces it. */
export type NestedDtoRef = (dto: Function) => string;

/**
 * Marks "some number" without fixing `type`. class-validator-jsonschema merges
 * the output of every decorator in declaration order, so `@IsInt() @Min(1)`
 * and `@Min(1) @IsInt()` would end as `integer` and `number` respectively.
 * Number-family validators emit this marker instead; the normalizer turns it
 * into `type: 'number'` only when nothing (e.g. `@IsInt()`) set a type.
 */
export const NUMBER_HINT = 'x-kobana-number-hint';

const numberHint = { [NUMBER_HINT]: true };

/** Regex flags that change what matches; JSON Schema `pattern` has no way to express them. */
const SEMANTIC_REGEX_FLAGS = /[ims]/;

/** Built-ins that `design:type` reports when there is no `@Type()`: never a DTO. */
const NOT_DTO_TYPES: readonly Function[] = [Object, Array, String, Number, Boolean, Symbol, Date, Map, Set, Promise];

/**
 * The converters that replace class-validator-jsonschema's defaults where
 * those emit OpenAPI-only or wrong schemas for a 2020-12 tool schema.
 */
export function createDtoSchemaConverters(refFor: NestedDtoRef): CvjsConverters {
  return {
    [ValidationTypes.NESTED_VALIDATION]: (meta, options) => {
      if (typeof meta.target !== 'function') return undefined;
      const typeMeta = options.classTransformerMetadataStorage?.findTypeMetadata(meta.target, meta.propertyName);
      const child: unknown = typeMeta ? typeMeta.typeFunction() : Reflect.getMetadata('design:type', meta.target.prototype, meta.propertyName);
      if (typeof child !== 'function' || NOT_DTO_TYPES.includes(child)) {
        throw new Error(McpSchemaMessages.nestedTypeMissing(`${meta.target.name}.${meta.propertyName}`));
      }
      return { $ref: refFor(child) };
    },
    // The default lists a numeric enum's reverse-mapping keys and always says `string`.
    [IS_ENUM]: (meta) => enumSchema(enumValues(meta.constraints)),
    // The default types `[1, 2]` as `number`; `integer` is what an `Mcp-Param-*` header may carry.
    [IS_IN]: (meta) => enumSchema(meta.constraints[0] as unknown[]),
    [IS_URL]: { type: 'string', format: 'uri' },
    // The default emits `oneOf` date | date-time (IsISO8601) or a loose pattern (IsDateString).
    [IS_ISO8601]: { type: 'string', format: 'date-time' },
    [IS_DATE_STRING]: { type: 'string', format: 'date-time' },
    // The default forces `type: 'string'`, yet class-validator accepts any non-empty value.
    [IS_NOT_EMPTY]: { minLength: 1 },
    // The default reads `.source`, which a string pattern lacks (→ `undefined`), and ignores the flags.
    [MATCHES]: (meta) => patternSchema(meta.constraints[0], meta.constraints[1]),
    [IS_NUMBER]: numberHint,
    [MIN]: (meta) => ({ ...numberHint, minimum: meta.constraints[0] }),
    [MAX]: (meta) => ({ ...numberHint, maximum: meta.constraints[0] }),
    [IS_POSITIVE]: { ...numberHint, exclusiveMinimum: 0 },
    [IS_NEGATIVE]: { ...numberHint, exclusiveMaximum: 0 },
    [IS_DIVISIBLE_BY]: (meta) => ({ ...numberHint, multipleOf: meta.constraints[0] }),
  };
}

/** The values `@IsEnum()` means: for a numeric TS enum, its numbers, not its reverse-mapped names. */
function enumValues(constraints: unknown[]): unknown[] {
  // An array is accepted as an enum; class-validator's own list of it is empty (all keys are indices).
  if (Array.isArray(constraints[0])) return constraints[0];
  // class-validator 0.14 precomputes them as the second constraint; older versions did not.
  if (Array.isArray(constraints[1])) return constraints[1];
  const entity = constraints[0] as Record<string, unknown>;
  return Object.keys(entity)
    .filter((key) => Number.isNaN(Number.parseInt(key, 10)))
    .map((key) => entity[key]);
}

/** `enum` plus the one `type` every value shares; mixed values keep `enum` alone, which is exact anyway. */
function enumSchema(values: unknown[]): { type?: McpJsonSchemaType; enum?: unknown[] } {
  // An empty `enum` makes Ajv-based clients refuse the whole schema; the server still rejects every value.
  if (values.length === 0) return {};
  const types = new Set(values.map(jsonTypeOf));
  if (types.has('number')) types.delete('integer');
  const [type] = types;
  return types.size === 1 && type !== undefined ? { type, enum: values } : { enum: values };
}

function jsonTypeOf(value: unknown): McpJsonSchemaType | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'object':
      return 'object';
    default:
      return undefined;
  }
}

/**
 * `pattern` only when the client would enforce what class-validator does:
 * flags such as `i` cannot be expressed, and sources that are not valid
 * under the `u` flag (e.g. `[\w\-]`) make Ajv-based clients reject the whole
 * schema. The server validates with the real regex either way.
 */
function patternSchema(pattern: unknown, modifiers: unknown): { type: 'string'; pattern?: string } {
  const regex = pattern instanceof RegExp ? pattern : undefined;
  const source = regex ? regex.source : String(pattern);
  const flags = regex ? regex.flags : typeof modifiers === 'string' ? modifiers : '';
  if (SEMANTIC_REGEX_FLAGS.test(flags) || !isUnicodeRegex(source)) return { type: 'string' };
  return { type: 'string', pattern: source };
}

function isUnicodeRegex(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}
