import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { IsKaduId } from '../../common/ids/kadu-id.decorator';
import { IdempotentDto } from '@kobana/idempotency';
import { MAX_TASK_RULES } from './create-task.dto';
import { TaskRuleDto } from './task-rule.dto';

/** `PATCH /api/v1/tasks/:id` body: only the fields sent change. */
export class UpdateTaskBodyDto extends IdempotentDto {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string;

  /** Replaces every rule. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_TASK_RULES)
  // Without it, `[[]]` passes (an empty array has no field to validate) and every run then fails.
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => TaskRuleDto)
  rules?: TaskRuleDto[];
}

/** `kadu_tasks_update`: the body plus the task's id (the route's path parameter). */
export class UpdateTaskDto extends UpdateTaskBodyDto {
  @IsKaduId()
  id: string;
}
