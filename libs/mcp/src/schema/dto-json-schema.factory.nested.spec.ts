import 'reflect-metadata';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsObject, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { JSONSchema, targetConstructorToSchema } from 'class-validator-jsonschema';
import { DtoJsonSchemaFactory } from './dto-json-schema.factory';
import { McpJsonSchema } from '../interfaces/json-schema.interface';
import { expectValid2020Schema, validate2020 } from './testing/json-schema-2020.util';

@JSONSchema({ description: 'A postal address' })
class AddressDto {
  @IsString() city: string;
  @IsOptional() @IsString() zip?: string;
}

class LineDto {
  @IsString() sku: string;
  @IsInt() @Min(1) quantity: number;
}

class OrderDto {
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(5) @IsString({ each: true }) @MaxLength(20, { each: true }) tags: string[];
  @IsArray() @IsInt({ each: true }) @Min(0, { each: true }) scores: number[];
  @JSONSchema({ description: 'Where to ship' }) @ValidateNested() @Type(() => AddressDto) shipping: AddressDto;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => AddressDto) billing?: AddressDto;
  @IsArray() @ValidateNested({ each: true }) @Type(() => LineDto) lines: LineDto[];
  @IsOptional() @IsObject() metadata?: Record<string, unknown>;
}

class CategoryDto {
  @IsString() name: string;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => CategoryDto) children?: CategoryDto[];
}

class TreeHolderDto {
  @ValidateNested() @Type(() => CategoryDto) root: CategoryDto;
}

class PingDto {
  // Typed `object`: decorator metadata would read PongDto before its declaration runs; @Type() names it lazily.
  @IsOptional() @ValidateNested() @Type(() => PongDto) pong?: object;
}
class PongDto {
  @IsOptional() @ValidateNested() @Type(() => PingDto) ping?: PingDto;
}

const address: McpJsonSchema = {
  type: 'object',
  description: 'A postal address',
  properties: { city: { type: 'string' }, zip: { type: 'string' } },
  required: ['city'],
  additionalProperties: false,
};

describe('DtoJsonSchemaFactory: arrays and nested DTOs', () => {
  const factory = new DtoJsonSchemaFactory();

  it('applies array validators to the array and `each: true` validators to its items', () => {
    const { properties } = factory.create(OrderDto);

    expect(properties?.tags).toStrictEqual({
      type: 'array',
      minItems: 1,
      maxItems: 5,
      items: { type: 'string', maxLength: 20 },
    });
    expect(properties?.scores).toStrictEqual({ type: 'array', items: { type: 'integer', minimum: 0 } });
  });

  it('inlines nested DTOs, closed, with the property description over the class one', () => {
    const { properties } = factory.create(OrderDto);

    expect(properties?.shipping).toStrictEqual({ ...address, description: 'Where to ship' });
    expect(properties?.billing).toStrictEqual(address);
    expect(properties?.lines).toStrictEqual({
      type: 'array',
      items: {
        type: 'object',
        properties: { sku: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } },
        required: ['sku', 'quantity'],
        additionalProperties: false,
      },
    });
  });

  it('leaves a plain @IsObject() open, since the whitelist does not look inside it', () => {
    expect(factory.create(OrderDto).properties?.metadata).toStrictEqual({ type: 'object' });
  });

  it('produces a valid 2020-12 schema with no $ref at all when nothing recurses', () => {
    const schema = factory.create(OrderDto);

    expectValid2020Schema(schema);
    expect(JSON.stringify(schema)).not.toContain('$ref');
    expect(schema.required).toStrictEqual(['tags', 'scores', 'shipping', 'lines']);
    const order = { tags: ['a'], scores: [1], shipping: { city: 'Lisbon' }, lines: [{ sku: 'x', quantity: 1 }] };
    expect(validate2020(schema, order).valid).toBe(true);
    expect(validate2020(schema, { ...order, shipping: { city: 'Lisbon', extra: 1 } }).valid).toBe(false);
  });

  it('puts a self-referencing DTO under $defs and points to it with #/$defs/<Name>', () => {
    const schema = factory.create(TreeHolderDto);
    const children = { type: 'array', items: { $ref: '#/$defs/CategoryDto' } };

    expect(schema).toStrictEqual({
      type: 'object',
      properties: { root: { $ref: '#/$defs/CategoryDto' } },
      required: ['root'],
      additionalProperties: false,
      $defs: {
        CategoryDto: {
          type: 'object',
          properties: { name: { type: 'string' }, children },
          required: ['name'],
          additionalProperties: false,
        },
      },
    });
    expectValid2020Schema(schema);
    const tree = { root: { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] } };
    expect(validate2020(schema, tree).valid).toBe(true);
    expect(validate2020(schema, { root: { name: 'a', children: [{ title: 'b' }] } }).valid).toBe(false);
  });

  it('keeps a recursive root inline at the top and under $defs for its own references', () => {
    const schema = factory.create(CategoryDto);

    expect(schema.properties?.children).toStrictEqual({ type: 'array', items: { $ref: '#/$defs/CategoryDto' } });
    expect(Object.keys(schema.$defs ?? {})).toStrictEqual(['CategoryDto']);
    expectValid2020Schema(schema);
  });

  it('handles mutual recursion through $defs for every DTO on the cycle', () => {
    const schema = factory.create(PingDto);

    expect(schema.properties).toStrictEqual({ pong: { $ref: '#/$defs/PongDto' } });
    expect(Object.keys(schema.$defs ?? {}).sort()).toStrictEqual(['PingDto', 'PongDto']);
    expectValid2020Schema(schema);
    expect(validate2020(schema, { pong: { ping: { pong: {} } } }).valid).toBe(true);
  });

  it('stops start-up when @ValidateNested() has no @Type() to name the nested DTO', () => {
    class NoTypeDto {
      @IsArray() @ValidateNested({ each: true }) lines: LineDto[];
    }

    expect(() => factory.create(NoTypeDto)).toThrow('@ValidateNested() on NoTypeDto.lines needs @Type(() => SomeDto) from class-transformer');
  });

  it('refuses a hand-written $ref it cannot resolve', () => {
    class HandRefDto {
      @JSONSchema({ $ref: '#/definitions/Elsewhere' }) @IsObject() other: object;
    }

    expect(() => factory.create(HandRefDto)).toThrow("HandRefDto: cannot resolve $ref '#/definitions/Elsewhere'");
  });

  it('fixes what class-validator-jsonschema alone gets wrong for 2020-12 (the reason for this module)', () => {
    const raw = targetConstructorToSchema(OrderDto) as McpJsonSchema;

    expect(raw.properties?.shipping).toMatchObject({ $ref: '#/definitions/AddressDto' });
    expect(() => expectValid2020Schema(raw)).toThrow();
  });
});
