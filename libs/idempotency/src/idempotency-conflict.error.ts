import { ConflictException } from '@nestjs/common';

/** The key was first used for another operation or other arguments (docs/protocol.md §5): nothing was done. */
export class IdempotencyConflictException extends ConflictException {
  constructor() {
    super({ statusCode: 409, error: 'Conflict', message: 'idempotency_key was already used with other arguments' });
  }
}
