import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString } from 'class-validator';

/**
 * The `fields` of a listing: the only fields each item comes back with. The
 * tool sends an array; the REST query sends `fields=a,b` (or repeats it), and
 * both end up the same array. An unknown name is a 400 whose message lists
 * every allowed one (class-validator's `IsIn` wording), and the JSON Schema
 * carries them as an enum.
 */
export function ListFields(allowed: readonly string[]): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    Transform(({ value }) => (typeof value === 'string' ? value.split(',').map((field) => field.trim()) : value)),
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(allowed.length),
    IsString({ each: true }),
    IsIn(allowed, { each: true }),
  );
}
