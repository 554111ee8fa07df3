import { ArrayMaxSize, ArrayMinSize, IsArray, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsKaduId, KADU_ID_MAX_LENGTH } from '../../common/ids/kadu-id.decorator';
import { IdempotentDto } from '@kobana/idempotency';

/** Most input files one execution may read. */
export const MAX_INPUT_FILES = 20;

/** `POST /api/v1/tasks/:id/runs` body. */
export class RunTaskBodyDto extends IdempotentDto {
  /** Ids of ready files (kadu_files_confirm) of your organization: CSV with columns date,description,amount. */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_INPUT_FILES)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(KADU_ID_MAX_LENGTH, { each: true })
  input_file_ids: string[];
}

/** `kadu_tasks_run`: the body plus the task's id. */
export class RunTaskDto extends RunTaskBodyDto {
  @IsKaduId()
  id: string;
}
