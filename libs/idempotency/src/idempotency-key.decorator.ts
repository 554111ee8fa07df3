import { BadRequestException, createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { OpenApiHeader } from '@kobana/openapi';
import { IdempotentDto, MAX_IDEMPOTENCY_KEY_LENGTH } from './idempotent.dto';

/** The REST request's `Idempotency-Key` header, when sent; the API document lists it on every route that reads it. */
export const IdempotencyKeyHeader = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string | undefined => {
    const value = context.switchToHttp().getRequest<Request>().headers['idempotency-key'];
    return Array.isArray(value) ? value[0] : value;
  },
  [
    OpenApiHeader({
      name: 'Idempotency-Key',
      description: 'Runs the write at most once per key and organization (docs/protocol.md §5); a key reused with other arguments answers 409.',
      schema: { type: 'string', minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH },
    }),
  ],
);

/**
 * The DTO a tool would receive: the body with the header's key merged in.
 * The header is checked with the same rules and wording as the DTO field,
 * so a bad key reads the same over REST and MCP.
 *
 * @throws BadRequestException when the header is empty or too long.
 */
export function withIdempotencyKey<T extends IdempotentDto>(dto: T, header: string | undefined): T {
  if (header === undefined) return dto;
  const problems: string[] = [];
  if (header.trim() === '') problems.push('idempotency_key should not be empty');
  if (header.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    problems.push(`idempotency_key must be shorter than or equal to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  }
  if (problems.length > 0) throw new BadRequestException(problems);
  return Object.assign(dto, { idempotency_key: header });
}
