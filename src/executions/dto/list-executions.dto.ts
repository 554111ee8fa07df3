import { IsIn, IsISO8601, IsOptional } from 'class-validator';
import { IsKaduId } from '../../common/ids/kadu-id.decorator';
import { PageQueryDto } from '../../common/pagination/page-query.dto';
import { EXECUTION_STATUSES, ExecutionStatus } from '../execution-status.constants';

/** `GET /api/v1/executions` and `kadu_executions_list`: a page, newest first, with filters. */
export class ListExecutionsDto extends PageQueryDto {
  @IsOptional()
  @IsIn(EXECUTION_STATUSES)
  status?: ExecutionStatus;

  @IsOptional()
  @IsKaduId()
  task_id?: string;

  /** Created at or after this instant (ISO 8601). */
  @IsOptional()
  @IsISO8601({ strict: true })
  created_from?: string;

  /** Created before this instant (ISO 8601). */
  @IsOptional()
  @IsISO8601({ strict: true })
  created_to?: string;
}
