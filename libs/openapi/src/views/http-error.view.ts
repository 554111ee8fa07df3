import { IsDefined, IsInt, IsOptional, IsString } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/**
 * The error body Nest's exception layer answers for an `HttpException`
 * (`BaseExceptionFilter`): a validation failure lists every problem in
 * `message`, any other error says it in one string.
 */
@JSONSchema({ description: "Nest's error body: the status, a message (a list of problems for a validation failure), and the status's name." })
export class HttpErrorView {
  @IsInt()
  statusCode!: number;

  @IsDefined()
  @JSONSchema({ anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] })
  message!: string | string[];

  @IsOptional()
  @IsString()
  error?: string;
}
