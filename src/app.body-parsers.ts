import type { NextFunction, Request, RequestHandler, Response } from 'express';
import * as express from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { MCP_PATH } from './app.constants';

/** Largest JSON or form body of the API: the same 1 MiB as the MCP endpoint (seed: "the same as the API"). */
export const API_BODY_LIMIT_BYTES = 1_048_576;

/**
 * Paths whose body no parser may read: the MCP endpoint (read after its token
 * is verified, by the MCP module) and presigned file uploads (streamed to disk
 * as they arrive; a JSON file would otherwise be parsed, and cut at the limit).
 */
const UNPARSED_PATHS = [new RegExp(`^${MCP_PATH}$`), /^\/api\/v1\/files\/[^/]+\/content$/];

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
  app.use(skipping('jsonParser', express.json({ limit: API_BODY_LIMIT_BYTES })));
  app.use(skipping('urlencodedParser', express.urlencoded({ extended: true, limit: API_BODY_LIMIT_BYTES })));
}
