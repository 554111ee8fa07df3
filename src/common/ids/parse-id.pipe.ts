import { Injectable, PipeTransform, ValidationPipe } from '@nestjs/common';
import { STRICT_VALIDATION_OPTIONS } from '@kobana/host-kit';
import { IsKaduId } from './kadu-id.decorator';

/** The shape a route's `:id` is checked as: the `id` field of the tools' DTOs. */
class IdParam {
  @IsKaduId()
  id: string;
}

/**
 * Checks a route's `:id` as the tool checks its `id` argument: the same
 * decorators through the same `ValidationPipe` options, so a bad id answers
 * the same 400 body over REST and MCP instead of a 404 over REST only.
 *
 * Usage: `@Param('id', ParseIdPipe) id: string`.
 *
 * @throws BadRequestException (400) `{ message: ['id must be …'] }`.
 */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, Promise<string>> {
  private readonly validation = new ValidationPipe(STRICT_VALIDATION_OPTIONS);

  async transform(value: string): Promise<string> {
    const checked = (await this.validation.transform({ id: value }, { type: 'body', metatype: IdParam })) as IdParam;
    return checked.id;
  }
}
