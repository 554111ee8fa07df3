import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsNotEmpty, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { IsKaduId } from '../../common/ids/kadu-id.decorator';
import { IdempotentDto } from '@kobana/idempotency';

/** The category a person gives one pending line. */
export class ExecutionAnswerDto {
  /** `line` of a pending question. */
  @IsInt()
  @Min(1)
  line: number;

  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  category: string;
}

/** `POST /api/v1/executions/:id/continue` body. */
export class ContinueExecutionBodyDto extends IdempotentDto {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => ExecutionAnswerDto)
  answers: ExecutionAnswerDto[];
}

/** `kadu_executions_continue`: the body plus the execution's id. */
export class ContinueExecutionDto extends ContinueExecutionBodyDto {
  @IsKaduId()
  id: string;
}
