import type { NextFunction, Request, RequestHandler, Response } from 'express';
import * as express from 'express';
import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { drainRequestBody } from '@kobana/mcp';
import { MCP_PATH } from './app.constants';

/** Largest JSON or form body of the API: the same 1 MiB as the MCP endpoint (seed: "the same as the API"). */
export const API_BODY_LIMIT_BYTES = 1_048_576;

/**
 * Deepest nesting of a JSON body, the same 128 levels as the MCP endpoint: no
 * DTO needs a tenth of it, and thousands overflow the stack of the recursive
 * steps after parsing (transformation, validation, idempotency digests).
 */
export const API_MAX_JSON_DEPTH = 128;

/**
 * Paths whose body no parser may read: the MCP endpoint (read after its token
 * is verified, by the MCP module) and presigned file uploads (streamed to disk
 * as they arrive; a JSON file would otherwise be parsed, and cut at the limit).
 * The MCP path is exact: the module answers 404 to its other forms before any
 * parser. The upload route is matched as Express matches it (any case, an
 * optional trailing slash), so every form that reaches it skips the parsers.
 */
const UNPARSED_PATHS = [new RegExp(`^${MCP_PATH}$`), /^\/api\/v1\/files\/[^/]+\/content\/?$/i];

/**
 * Installs Nest's default JSON and urlencoded parsers, minus the paths above.
 * Use with `NestFactory.create(…, { bodyParser: false })` and the MCP option
 * `installBodyParsers: false`; registered before `init()`, they run before
 * any route.
 */
export function installKaduBodyParsers(app: NestExpressApplication): void {
  const skipping = (name: string, parser: RequestHandler): RequestHandler =>
    Object.defineProperty(
      (req: Request, res: Response, next: NextFunction) => (UNPARSED_PATHS.some((path) => path.test(req.path)) ? next() : parser(req, res, next)),
      'name',
      { value: name },
    );
  const json = express.json({ limit: API_BODY_LIMIT_BYTES, verify: refuseDeepJson });
  const urlencoded = express.urlencoded({ extended: true, limit: API_BODY_LIMIT_BYTES });
  app.use(skipping('jsonParser', refusingOversized('application/json', json)));
  app.use(skipping('urlencodedParser', refusingOversized('application/x-www-form-urlencoded', urlencoded)));
}

/**
 * `parser`, with a body of its `type` over {@link API_BODY_LIMIT_BYTES}
 * refused as soon as the limit is passed (or declared): 413 in Nest's shape,
 * `Connection: close`, and the rest of the body read and dropped within the
 * bounds of `drainRequestBody`, so the client gets the answer, not a reset.
 * body-parser alone refuses such a body only after reading it to its end,
 * however large or slow: a client trickling one never got an answer.
 */
function refusingOversized(type: string, parser: RequestHandler): RequestHandler {
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
      if (received > API_BODY_LIMIT_BYTES) refuse();
    }
    if (Number(req.headers['content-length']) > API_BODY_LIMIT_BYTES) return refuse();
    // Before the parser, in the same tick: this listener sees every chunk, and sees it first.
    req.on('data', count);
    parser(req, res, (error?: unknown) => {
      req.off('data', count);
      // Once refused, the parser reports the same overflow when the body is gone: already answered.
      if (!refused) next(error);
    });
  };
}

/**
 * The JSON parser's `verify` hook, run on the raw body before `JSON.parse`.
 * @throws BadRequestException (400, the shape of any unparsable body) beyond {@link API_MAX_JSON_DEPTH}.
 */
function refuseDeepJson(_req: Request, _res: Response, body: Buffer, encoding: string | null): void {
  if (nestsDeeper(utf8Of(body, encoding), API_MAX_JSON_DEPTH)) {
    throw new BadRequestException(`JSON nested deeper than ${API_MAX_JSON_DEPTH} levels`);
  }
}

/** The body as UTF-8: as sent, almost always; a UTF-16 body is decoded (a charset TextDecoder lacks is scanned as sent). */
function utf8Of(body: Buffer, encoding: string | null): Uint8Array {
  if (encoding === null || encoding === 'utf-8') return body;
  try {
    return Buffer.from(new TextDecoder(encoding).decode(body));
  } catch {
    return body;
  }
}

/**
 * Whether UTF-8 JSON nests deeper than `limit`, in one pass without recursion.
 * Brackets inside strings do not count; a multi-byte character holds no ASCII byte.
 */
function nestsDeeper(json: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const byte = json[i];
    if (inString) {
      if (byte === 0x5c /* \\ */) i++;
      else if (byte === 0x22 /* " */) inString = false;
    } else if (byte === 0x22) {
      inString = true;
    } else if (byte === 0x7b /* { */ || byte === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (byte === 0x7d /* } */ || byte === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}
