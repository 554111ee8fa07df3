import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * The plan's monthly execution quota is used up: 402, so a client can tell it
 * from a rate limit (429, retry later) — only a new month or a plan change helps.
 */
export class PlanLimitException extends HttpException {
  constructor(message: string) {
    super({ statusCode: HttpStatus.PAYMENT_REQUIRED, error: 'Payment Required', message }, HttpStatus.PAYMENT_REQUIRED);
  }
}
