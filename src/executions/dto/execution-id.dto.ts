import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IdempotentDto } from '../../common/idempotency/idempotent.dto';

/** Longest id accepted; any unknown text is simply not found (404). */
export const EXECUTION_ID_MAX_LENGTH = 64;

/** `kadu_executions_get`. */
export class ExecutionIdDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(EXECUTION_ID_MAX_LENGTH)
  id: string;
}

/** `kadu_executions_cancel`. */
export class CancelExecutionDto extends IdempotentDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(EXECUTION_ID_MAX_LENGTH)
  id: string;
}
