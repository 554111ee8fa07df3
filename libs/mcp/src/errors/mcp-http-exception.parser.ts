import { HttpException } from '@nestjs/common';

/** The body Nest's own exception filter sends for an `HttpException`, so the tool's error equals the route's. */
export function httpExceptionBody(exception: HttpException): unknown {
  const response = exception.getResponse();
  return typeof response === 'object' && response !== null ? response : { statusCode: exception.getStatus(), message: response };
}

/**
 * The message a person would read in the route's body: `message` as sent,
 * or a `ValidationPipe`'s list of failures joined (the exception's own
 * `message` would only say "Bad Request Exception").
 */
export function httpExceptionMessage(exception: HttpException): string {
  const body = httpExceptionBody(exception) as { message?: unknown };
  if (Array.isArray(body.message)) return body.message.join('; ');
  return typeof body.message === 'string' ? body.message : exception.message;
}
