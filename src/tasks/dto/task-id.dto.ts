import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IdempotentDto } from '../../common/idempotency/idempotent.dto';

/** Ids are UUIDs; any other text simply finds nothing (404), as over REST. */
export const TASK_ID_MAX_LENGTH = 64;

/** `kadu_tasks_get` and other reads of one task. */
export class TaskIdDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(TASK_ID_MAX_LENGTH)
  id: string;
}

/** `kadu_tasks_delete`: the task's id, and an optional idempotency key. */
export class DeleteTaskDto extends IdempotentDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(TASK_ID_MAX_LENGTH)
  id: string;
}
