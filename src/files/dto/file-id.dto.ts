import { IsKaduId } from '../../common/ids/kadu-id.decorator';
import { IdempotentDto } from '@kobana/idempotency';

/** `kadu_files_get` and `kadu_files_download`: one file of the caller's organization. */
export class FileIdDto {
  @IsKaduId()
  id: string;
}

/** `kadu_files_confirm` and `kadu_files_delete`: a write on one file, with an optional idempotency key. */
export class FileWriteDto extends IdempotentDto {
  @IsKaduId()
  id: string;
}
