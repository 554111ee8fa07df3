import { IsISO8601, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/**
 * Ids embedded in a prompt are data the person typed: limiting them to id
 * characters keeps a "task id" from smuggling instructions into the script.
 */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const ID_LIST_PATTERN = /^\s*[A-Za-z0-9_-]{1,64}(\s*,\s*[A-Za-z0-9_-]{1,64})*\s*$/;

/** Arguments of `kadu_investigate_failed_executions`. */
export class InvestigateFailedExecutionsDto {
  /** Start of the period (ISO 8601), inclusive. */
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date' })
  from?: string;

  /** End of the period (ISO 8601), exclusive. */
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date' })
  to?: string;
}

/** Arguments of `kadu_run_task_on_files`. */
export class RunTaskOnFilesDto {
  @IsString()
  @IsNotEmpty()
  @Matches(ID_PATTERN, { message: 'task_id must be an id' })
  task_id!: string;

  /** Comma-separated file ids; absent, the script asks the person to upload files. */
  @IsOptional()
  @MaxLength(4000)
  @Matches(ID_LIST_PATTERN, { message: 'file_ids must be comma-separated ids' })
  file_ids?: string;
}

/** Arguments of `kadu_explain_execution`. */
export class ExplainExecutionDto {
  @IsString()
  @IsNotEmpty()
  @Matches(ID_PATTERN, { message: 'execution_id must be an id' })
  execution_id!: string;
}
