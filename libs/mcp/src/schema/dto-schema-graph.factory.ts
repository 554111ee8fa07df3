import { Type } from '@nestjs/common';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import { classTransformerStorage } from './class-transformer-storage.util';
import { createDtoSchemaConverters, CvjsOptions } from './dto-schema-converters.factory';
import { McpJsonSchema } from '../interfaces/json-schema.interface';
import { normalizeJsonSchema } from './json-schema.parser';

/** Where nested DTOs point before inlining: the final `$defs` location, so recursive ones need no rewrite. */
export const DTO_REF_PREFIX = '#/$defs/';

/** One DTO class and its own object schema, nested DTOs still as `$ref`s. */
export interface DtoSchemaNode {
  dto: Type<object>;
  schema: McpJsonSchema;
}

/** A DTO and every DTO it nests, keyed by the name used in `$ref`s. */
export interface DtoSchemaGraph {
  rootKey: string;
  nodes: Map<string, DtoSchemaNode>;
}

/**
 * Describes a DTO and every DTO reachable through `@ValidateNested()` with
 * class-validator-jsonschema, one class at a time, each normalized to 2020-12
 * and closed with `additionalProperties: false`.
 */
export function collectDtoSchemas(root: Type<object>): DtoSchemaGraph {
  const keys = new Map<Function, string>();
  const pending: Function[] = [];
  const keyOf = (dto: Function): string => {
    let key = keys.get(dto);
    if (key === undefined) {
      key = uniqueKey(dto.name || 'Anonymous', new Set(keys.values()));
      keys.set(dto, key);
      pending.push(dto);
    }
    return key;
  };
  const options: Partial<CvjsOptions> = {
    classTransformerMetadataStorage: classTransformerStorage,
    additionalConverters: createDtoSchemaConverters((dto) => DTO_REF_PREFIX + keyOf(dto)),
  };

  const rootKey = keyOf(root);
  const nodes = new Map<string, DtoSchemaNode>();
  for (let dto = pending.shift(); dto; dto = pending.shift()) {
    const key = keyOf(dto);
    const raw = targetConstructorToSchema(dto, options);
    nodes.set(key, { dto: dto as Type<object>, schema: closeObject(normalizeJsonSchema(raw, key)) });
  }
  return { rootKey, nodes };
}

/**
 * Two DTOs may share a class name (different modules); `$defs` keys may not.
 */
function uniqueKey(name: string, taken: ReadonlySet<string>): string {
  let key = name;
  for (let n = 2; taken.has(key); n++) key = `${name}_${n}`;
  return key;
}

/**
 * The host's ValidationPipe runs with whitelist + forbidNonWhitelisted, which
 * rejects unknown keys at every nested DTO level, so the schema says so too.
 * A DTO without any validator gets an empty object schema (the library
 * returns `{}` for it).
 */
function closeObject(schema: McpJsonSchema): McpJsonSchema {
  return { type: 'object', properties: {}, ...schema, additionalProperties: false };
}
