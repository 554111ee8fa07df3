import { IsIn, IsInt, IsString } from 'class-validator';

/** What a successful upload to the presigned URL answers. */
export class UploadedContentView {
  @IsString()
  id!: string;

  @IsIn(['uploaded'])
  status!: 'uploaded';

  @IsInt()
  size!: number;

  /** Hex SHA-256 of the bytes received. */
  @IsString()
  sha256!: string;
}
