import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** Longest `idempotency_key` accepted (docs/protocol.md §5). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/**
 * Base class of every write's DTO: the optional `idempotency_key`. Over REST
 * the controller fills it from the `Idempotency-Key` header.
 */
export class IdempotentDto {
  /** Repeat it with the same arguments within 24 h and the write happens only once. */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_IDEMPOTENCY_KEY_LENGTH)
  idempotency_key?: string;
}
