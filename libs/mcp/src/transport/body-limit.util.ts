import { PayloadTooLargeException } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { drainRequestBody } from './request-body-drain.util';

/**
 * `parser` (a body-parser middleware), with a body of its `type` over `limit`
 * refused as soon as the limit is passed or declared: 413 in Nest's shape,
 * `Connection: close`, and the rest drained within the bounds of
 * {@link drainRequestBody}. body-parser alone refuses such a body only after
 * reading it to its end, however large or slow: a client trickling one
 * never got an answer.
 */
export function refusingOversized(type: string, limit: number, parser: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (!req.is(type)) return parser(req, res, next);
    let received = 0;
    let refused = false;
    function refuse(): void {
      refused = true;
      req.off('data', count);
      drainRequestBody(req);
      next(new PayloadTooLargeException('request entity too large'));
    }
    function count(chunk: Buffer): void {
      received += chunk.length;
      if (received > limit) refuse();
    }
    if (Number(req.headers['content-length']) > limit) return refuse();
    // Before the parser, in the same tick: this listener sees every chunk, and sees it first.
    req.on('data', count);
    parser(req, res, (error?: unknown) => {
      req.off('data', count);
      // Once refused, the parser reports the same overflow when the body is gone: already answered.
      if (!refused) next(error);
    });
  };
}
