import 'reflect-metadata';
import { IsArray, IsBoolean, IsEnum, IsInt, IsNumber, IsOptional, IsString, ValidateNested } from 'class-validator';
import { Expose, Type } from 'class-transformer';
import { JSONSchema } from 'class-validator-jsonschema';
import { DtoJsonSchemaFactory } from './dto-json-schema.factory';
import { McpHeader } from './mcp-header.decorator';
import { expectValid2020Schema } from './testing/json-schema-2020.util';

enum Channel {
  Web = 'web',
  Api = 'api',
}

class FilterDto {
  @McpHeader('Region') @IsString() region: string;
  @IsOptional() @IsString() text?: string;
}

class SearchDto {
  @McpHeader('Tenant-Id') @IsInt() tenantId: number;
  @McpHeader('Dry_Run') @IsOptional() @IsBoolean() dryRun?: boolean;
  @McpHeader('Channel') @IsEnum(Channel) channel: Channel;
  @ValidateNested() @Type(() => FilterDto) filter: FilterDto;
}

class BaseDto {
  @McpHeader('Org') @IsString() org: string;
}
class DerivedDto extends BaseDto {
  @McpHeader('Project') @IsString() project: string;
}

class RenamedDto {
  @Expose({ name: 'region_code' }) @McpHeader('Region') @IsString() region: string;
}

class TreeDto {
  @McpHeader('Node') @IsString() name: string;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => TreeDto) children?: TreeDto[];
}

class NestedHeaderDto {
  @McpHeader('Value') @ValidateNested() @Type(() => FilterDto) value: FilterDto;
}
class ArrayHeaderDto {
  @McpHeader('Value') @IsArray() @IsString({ each: true }) value: string[];
}
class NullableHeaderDto {
  @McpHeader('Value') @JSONSchema({ nullable: true }) @IsString() value: string | null;
}
class UntypedHeaderDto {
  @McpHeader('Value') @IsOptional() value?: unknown;
}

describe('DtoJsonSchemaFactory: @McpHeader()', () => {
  const factory = new DtoJsonSchemaFactory();

  it('annotates the properties and binds them to Mcp-Param-* headers, nested objects included', () => {
    const schema = factory.create(SearchDto);

    expect(schema.properties?.tenantId).toStrictEqual({ type: 'integer', 'x-mcp-header': 'Tenant-Id' });
    expect(schema.properties?.channel).toStrictEqual({ type: 'string', enum: ['web', 'api'], 'x-mcp-header': 'Channel' });
    expect(schema.properties?.filter?.properties?.region).toStrictEqual({ type: 'string', 'x-mcp-header': 'Region' });
    expect(factory.headers(SearchDto)).toStrictEqual([
      { header: 'Mcp-Param-Tenant-Id', path: ['tenantId'], type: 'integer' },
      { header: 'Mcp-Param-Dry_Run', path: ['dryRun'], type: 'boolean' },
      { header: 'Mcp-Param-Channel', path: ['channel'], type: 'string' },
      { header: 'Mcp-Param-Region', path: ['filter', 'region'], type: 'string' },
    ]);
    expectValid2020Schema(schema);
  });

  it('hands out copies of the cached bindings', () => {
    const first = factory.headers(SearchDto);
    first[0].path.push('tampered');
    first.pop();

    expect(factory.headers(SearchDto)).toHaveLength(4);
    expect(factory.headers(SearchDto)[0].path).toStrictEqual(['tenantId']);
  });

  it('keeps the declarations of parent classes, and the parent its own only', () => {
    expect(factory.headers(DerivedDto).map((binding) => binding.header)).toStrictEqual(['Mcp-Param-Project', 'Mcp-Param-Org']);
    expect(factory.headers(BaseDto).map((binding) => binding.header)).toStrictEqual(['Mcp-Param-Org']);
  });

  it('uses the argument key @Expose() gives the property', () => {
    expect(factory.headers(RenamedDto)).toStrictEqual([{ header: 'Mcp-Param-Region', path: ['region_code'], type: 'string' }]);
  });

  it('binds no header when no property asks for one', () => {
    class PlainDto {
      @IsString() q: string;
    }
    expect(factory.headers(PlainDto)).toStrictEqual([]);
  });

  describe('refuses at start-up', () => {
    it.each([
      ['an empty name', ''],
      ['a space', 'Tenant Id'],
      ['a delimiter', 'Tenant:Id'],
      ['CR/LF (header injection)', 'Tenant\r\nX-Admin: 1'],
      ['a non-ASCII letter', 'Região'],
    ])('a name with %s', (_case, name) => {
      class BadNameDto {
        @McpHeader(name) @IsString() tenant: string;
      }

      expect(() => factory.create(BadNameDto)).toThrow(`@McpHeader(${JSON.stringify(name)}) on BadNameDto.tenant: the name must be a non-empty RFC 9110 token`);
    });

    it('a number property, pointing to @IsInt()', () => {
      class AmountDto {
        @McpHeader('Amount') @IsNumber() amount: number;
      }

      expect(() => factory.headers(AmountDto)).toThrow(
        "@McpHeader('Amount') on AmountDto.amount: only string, integer or boolean properties can be mirrored into a header, got number (use @IsInt()",
      );
    });

    it.each([
      ['a nested DTO', NestedHeaderDto, 'a nested DTO'],
      ['an array', ArrayHeaderDto, 'array'],
      ['a nullable string', NullableHeaderDto, 'string | null'],
      ['an untyped', UntypedHeaderDto, 'no type'],
    ])('%s property', (_kind, dto, got) => {
      expect(() => factory.create(dto)).toThrow(
        `@McpHeader('Value') on ${dto.name}.value: only string, integer or boolean properties can be mirrored into a header, got ${got}`,
      );
    });

    it('an x-mcp-header written by hand with @JSONSchema(), under the same rules', () => {
      class HandWrittenDto {
        @JSONSchema({ 'x-mcp-header': 'Amount' }) @IsNumber() amount: number;
      }

      expect(() => factory.create(HandWrittenDto)).toThrow(
        "@McpHeader('Amount') on HandWrittenDto at #/properties/amount: only string, integer or boolean properties",
      );
    });

    it('a property without a class-validator decorator', () => {
      class StrippedDto {
        @McpHeader('Region') region: string;
        @IsString() q: string;
      }

      expect(() => factory.create(StrippedDto)).toThrow("@McpHeader('Region') on StrippedDto.region: the property has no class-validator decorator");
    });

    it('a header inside an array', () => {
      class ManyFiltersDto {
        @IsArray() @ValidateNested({ each: true }) @Type(() => FilterDto) filters: FilterDto[];
      }

      expect(() => factory.create(ManyFiltersDto)).toThrow(
        "@McpHeader('Region') in ManyFiltersDto is not statically reachable (found at #/properties/filters/items/properties/region)",
      );
    });

    it('a header on a recursive DTO, which only $defs can describe', () => {
      expect(() => factory.create(TreeDto)).toThrow("@McpHeader('Node') in TreeDto is not statically reachable (found at #/$defs/TreeDto/properties/name)");
    });

    it('two names that differ only in case', () => {
      class CaseDto {
        @McpHeader('Region') @IsString() region: string;
        @McpHeader('REGION') @IsString() backupRegion: string;
      }

      expect(() => factory.create(CaseDto)).toThrow(
        "@McpHeader('REGION') at #/properties/backupRegion in CaseDto collides with 'Region' at #/properties/region",
      );
    });

    it('the same nested DTO reached by two paths', () => {
      class TwoFiltersDto {
        @ValidateNested() @Type(() => FilterDto) include: FilterDto;
        @ValidateNested() @Type(() => FilterDto) exclude: FilterDto;
      }

      expect(() => factory.headers(TwoFiltersDto)).toThrow(
        "@McpHeader('Region') at #/properties/exclude/properties/region in TwoFiltersDto collides with 'Region' at #/properties/include/properties/region",
      );
    });
  });
});
