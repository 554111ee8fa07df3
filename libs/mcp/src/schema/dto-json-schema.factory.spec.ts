import 'reflect-metadata';
import {
  IsBoolean,
  IsDateString,
  IsEmail,
  IsEnum,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  IsUrl,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { DtoJsonSchemaFactory } from './dto-json-schema.factory';
import { expectValid2020Schema, validate2020 } from './testing/json-schema-2020.util';

enum Priority {
  Low = 1,
  High = 2,
}
enum Status {
  Open = 'open',
  Done = 'done',
}

@JSONSchema({ description: 'Creates a task' })
class CreateTaskDto {
  @JSONSchema({ description: 'Short title shown in lists' })
  @IsString()
  title: string;

  @IsOptional()
  @IsBoolean()
  urgent?: boolean;

  @IsNumber()
  amount: number;

  @IsInt()
  count: number;

  /** Not validated: the whitelist strips it, so the schema must not offer it. */
  internalNote?: string;
}

class NumbersDto {
  @Min(1) @IsInt() minFirst: number;
  @IsInt() @Min(1) @Max(10) intFirst: number;
  @IsPositive() @IsNumber() positive: number;
  @IsNumber() @IsInt() numberThenInt: number;
}

class ChoicesDto {
  @IsEnum(Status) status: Status;
  @IsEnum(Priority) priority: Priority;
  @IsEnum(['draft', 'sent']) stage: string;
  @IsIn(['asc', 'desc']) order: string;
  @IsIn([10, 20, 50]) pageSize: number;
  @IsIn([0.5, 1]) ratio: number;
  @IsIn(['a', 1]) mixed: string | number;
}

class FormatsDto {
  @IsEmail() email: string;
  @IsUrl() website: string;
  @IsUUID() id: string;
  @IsISO8601() dueAt: string;
  @IsDateString() createdAt: string;
}

class StringsDto {
  @IsString() @MinLength(2) @MaxLength(40) name: string;
  @IsString() @Length(3, 8) code: string;
  @IsString() @IsNotEmpty() label: string;
  @IsString() @Matches(/^[A-Z]{2}-\d+$/) ticket: string;
  @IsString() @Matches(/^abc$/i) caseless: string;
  // eslint-disable-next-line no-useless-escape -- the needless escape is what this case converts
  @IsString() @Matches(/^[a-z\_]+$/) legacyEscape: string;
}

class OpenApiFlavouredDto {
  @JSONSchema({ nullable: true, example: 'ACME' })
  @IsOptional()
  @IsString()
  company?: string | null;

  @JSONSchema({ minimum: 0, exclusiveMinimum: true, maximum: 100, exclusiveMaximum: false })
  @IsNumber()
  share: number;

  @JSONSchema({ format: 'mobile-phone' })
  @IsString()
  phone: string;
}

describe('DtoJsonSchemaFactory', () => {
  const factory = new DtoJsonSchemaFactory();

  it('describes a DTO as a closed 2020-12 object: types, required vs optional, descriptions', () => {
    const schema = factory.create(CreateTaskDto);

    expect(schema).toStrictEqual({
      type: 'object',
      description: 'Creates a task',
      properties: {
        title: { type: 'string', description: 'Short title shown in lists' },
        urgent: { type: 'boolean' },
        amount: { type: 'number' },
        count: { type: 'integer' },
      },
      required: ['title', 'amount', 'count'],
      additionalProperties: false,
    });
    expectValid2020Schema(schema);
  });

  it('rejects what the ValidationPipe would: unknown keys and missing required ones', () => {
    const schema = factory.create(CreateTaskDto);

    expect(validate2020(schema, { title: 't', amount: 1.5, count: 2 }).valid).toBe(true);
    expect(validate2020(schema, { title: 't', amount: 1, count: 2, internalNote: 'x' }).valid).toBe(false);
    expect(validate2020(schema, { title: 't', amount: 1 }).valid).toBe(false);
  });

  it('keeps integer, bounds and exclusive bounds whatever the decorator order', () => {
    const schema = factory.create(NumbersDto);

    expect(schema.properties).toStrictEqual({
      minFirst: { type: 'integer', minimum: 1 },
      intFirst: { type: 'integer', minimum: 1, maximum: 10 },
      positive: { type: 'number', exclusiveMinimum: 0 },
      numberThenInt: { type: 'integer' },
    });
    expectValid2020Schema(schema);
  });

  it('lists enum values with their JSON type: string and numeric TS enums, arrays, @IsIn', () => {
    const schema = factory.create(ChoicesDto);

    expect(schema.properties).toStrictEqual({
      status: { type: 'string', enum: ['open', 'done'] },
      priority: { type: 'integer', enum: [1, 2] },
      stage: { type: 'string', enum: ['draft', 'sent'] },
      order: { type: 'string', enum: ['asc', 'desc'] },
      pageSize: { type: 'integer', enum: [10, 20, 50] },
      ratio: { type: 'number', enum: [0.5, 1] },
      mixed: { enum: ['a', 1] },
    });
    expectValid2020Schema(schema);
  });

  it('maps string validators to 2020-12 formats', () => {
    const schema = factory.create(FormatsDto);

    expect(schema.properties).toStrictEqual({
      email: { type: 'string', format: 'email' },
      website: { type: 'string', format: 'uri' },
      id: { type: 'string', format: 'uuid' },
      dueAt: { type: 'string', format: 'date-time' },
      createdAt: { type: 'string', format: 'date-time' },
    });
    expectValid2020Schema(schema);
  });

  it('carries lengths and patterns, leaving out patterns a client could not apply faithfully', () => {
    const schema = factory.create(StringsDto);

    expect(schema.properties).toStrictEqual({
      name: { type: 'string', minLength: 2, maxLength: 40 },
      code: { type: 'string', minLength: 3, maxLength: 8 },
      label: { type: 'string', minLength: 1 },
      ticket: { type: 'string', pattern: '^[A-Z]{2}-\\d+$' },
      caseless: { type: 'string' },
      legacyEscape: { type: 'string' },
    });
    expectValid2020Schema(schema);
  });

  it('rewrites OpenAPI-only keywords from @JSONSchema() as 2020-12', () => {
    const schema = factory.create(OpenApiFlavouredDto);

    expect(schema.properties).toStrictEqual({
      company: { type: ['string', 'null'], examples: ['ACME'] },
      share: { type: 'number', exclusiveMinimum: 0, maximum: 100 },
      phone: { type: 'string' },
    });
    expectValid2020Schema(schema);
  });

  it('builds each schema once, deep-frozen, as plain JSON', () => {
    const first = factory.create(CreateTaskDto);

    expect(factory.create(CreateTaskDto)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.properties?.title)).toBe(true);
    expect(JSON.parse(JSON.stringify(first))).toStrictEqual(first);
  });

  it('describes a DTO without validators as an empty closed object', () => {
    class EmptyDto {
      ignored?: string;
    }

    expect(factory.create(EmptyDto)).toStrictEqual({ type: 'object', properties: {}, additionalProperties: false });
  });

  it('refuses values JSON cannot carry instead of letting JSON.stringify change them', () => {
    class DefaultDateDto {
      @JSONSchema({ default: new Date(0) as unknown as string })
      @IsString()
      since: string;
    }

    expect(() => factory.create(DefaultDateDto)).toThrow('JSON Schema value at DefaultDateDto/properties/since/default is not JSON (an instance of Date)');
  });
});
