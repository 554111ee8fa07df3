import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IdempotentDto } from '../../common/idempotency/idempotent.dto';

/** Ids are UUIDs; any other text simply finds nothing (404). */
export const FILE_ID_MAX_LENGTH = 64;

/** `kadu_files_get` and `kadu_files_download`: one file of the caller's organization. */
export class FileIdDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(FILE_ID_MAX_LENGTH)
  id: string;
}

/** `kadu_files_confirm` and `kadu_files_delete`: a write on one file, with an optional idempotency key. */
export class FileWriteDto extends IdempotentDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(FILE_ID_MAX_LENGTH)
  id: string;
}
