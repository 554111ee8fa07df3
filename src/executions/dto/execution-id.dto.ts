import { IsKaduId } from '../../common/ids/kadu-id.decorator';
import { IdempotentDto } from '@kobana/idempotency';

/** `kadu_executions_get`. */
export class ExecutionIdDto {
  @IsKaduId()
  id: string;
}

/** `kadu_executions_cancel`. */
export class CancelExecutionDto extends IdempotentDto {
  @IsKaduId()
  id: string;
}
