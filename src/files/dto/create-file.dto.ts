import { IsIn, IsInt, IsNotEmpty, IsString, Matches, MaxLength, Min } from 'class-validator';
import { IdempotentDto } from '@kobana/idempotency';
import { UPLOADABLE_CONTENT_TYPES } from '../files.constants';

/** `POST /api/v1/files` and `kadu_files_create`: what the client is about to upload. */
export class CreateFileDto extends IdempotentDto {
  /** Shown in listings and as the download's name; no path separators or control characters. */
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a file name may not hold
  @Matches(/^[^/\\\x00-\x1f\x7f]+$/, { message: 'filename must not contain slashes or control characters' })
  filename: string;

  /** The exact `Content-Type` the upload must carry. */
  @IsIn(UPLOADABLE_CONTENT_TYPES)
  content_type: string;

  /** The exact byte count the upload must carry; at most `KADU_FILES_MAX_BYTES`. */
  @IsInt()
  @Min(1)
  size: number;
}
