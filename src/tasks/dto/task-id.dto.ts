import { IsKaduId } from '../../common/ids/kadu-id.decorator';
import { IdempotentDto } from '@kobana/idempotency';

/** `kadu_tasks_get` and other reads of one task. */
export class TaskIdDto {
  @IsKaduId()
  id: string;
}

/** `kadu_tasks_delete`: the task's id, and an optional idempotency key. */
export class DeleteTaskDto extends IdempotentDto {
  @IsKaduId()
  id: string;
}
