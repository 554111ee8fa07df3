import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { IdempotentDto } from '@kobana/idempotency';
import { TaskRuleDto } from './task-rule.dto';

/** Most rules a task may have. */
export const MAX_TASK_RULES = 200;

/** `POST /api/v1/tasks` and `kadu_tasks_create`. */
export class CreateTaskDto extends IdempotentDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;

  /** @default '' */
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string;

  /** Tried in order; the first that matches a line gives its category. @default [] */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_TASK_RULES)
  // Without it, `[[]]` passes (an empty array has no field to validate) and every run then fails.
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => TaskRuleDto)
  rules?: TaskRuleDto[];
}
