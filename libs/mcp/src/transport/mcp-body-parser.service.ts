import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import * as express from 'express';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpMessages } from '../mcp.messages';
import { exceedsJsonDepth, MCP_MAX_JSON_DEPTH } from './json-depth.policy';
import { exactMcpPath } from './mcp-exact-path.util';
import { refusingOversized } from './body-limit.util';

/**
 * Nest's global body parsers would read the MCP body before any guard runs:
 * before authentication, with their own size limit and their own error pages.
 * The module installs Nest's default parsers itself, under the names Nest
 * looks for (so Nest does not add its own), and exempts the MCP path, whose
 * body the message guard reads after the token is verified, and the host's
 * `unparsedPaths`.
 *
 * The JSON parser refuses, before parsing, a body nested deeper than the MCP
 * endpoint allows: 400 in the shape of any unparsable body, where thousands
 * of levels would overflow the stack of the route's validation (a 500).
 * Both refuse a body over the limit as it arrives, and drain the rest, so
 * the 413 reaches the client (see {@link refusingOversized}).
 *
 * Before any parser, the host's own included (`installBodyParsers: false`),
 * it makes the MCP path match exactly (see {@link exactMcpPath}): the forms
 * Express would also route to the endpoint (`/mcp/`, `/MCP`) answer 404.
 *
 * It runs as soon as the HTTP adapter exists, which is before `app.init()`
 * registers parsers, both with `NestFactory.create` and with the testing
 * module, and before a host's own `app.use()` after either.
 */
@Injectable()
export class McpBodyParserInstaller {
  constructor(adapterHost: HttpAdapterHost, @Inject(MCP_RESOLVED_OPTIONS) options: McpResolvedOptions) {
    adapterHost.init$.subscribe(() => {
      const adapter = adapterHost.httpAdapter;
      if (adapter?.getType() !== 'express') return;
      adapter.use(exactMcpPath(options.path));
      if (!options.installBodyParsers) return;
      const verify = options.rawBody ? keepRawBody : undefined;
      // The API's routes get the same limit as the MCP endpoint (docs/protocol.md §1: one limit for both).
      const limit = options.maxBodyBytes;
      const unparsed = (path: string) => path === options.path || options.unparsedPaths.some((pattern) => pattern.test(path));
      const exempt = (name: string, parser: RequestHandler) =>
        Object.defineProperty((req: Request, res: Response, next: NextFunction) => (unparsed(req.path) ? next() : parser(req, res, next)), 'name', {
          value: name,
        });
      const json = express.json({ verify: refusingDeepJson(verify), limit });
      const urlencoded = express.urlencoded({ extended: true, verify, limit });
      adapter.use(exempt('jsonParser', refusingOversized('application/json', limit, json)));
      adapter.use(exempt('urlencodedParser', refusingOversized('application/x-www-form-urlencoded', limit, urlencoded)));
    });
  }
}

function keepRawBody(req: Request & { rawBody?: Buffer }, _res: Response, buffer: Buffer): void {
  req.rawBody = buffer;
}

/** The JSON parser's `verify`: the depth check on the raw body, then `next` (keeping it) when asked. */
function refusingDeepJson(next?: typeof keepRawBody) {
  return (req: Request, res: Response, buffer: Buffer, encoding: string | null): void => {
    if (exceedsJsonDepth(jsonText(buffer, encoding), MCP_MAX_JSON_DEPTH)) {
      throw new BadRequestException(McpMessages.apiBodyTooDeep(MCP_MAX_JSON_DEPTH));
    }
    next?.(req, res, buffer);
  };
}

/** The body as text; one character per byte for a charset TextDecoder lacks (its ASCII brackets still count). */
function jsonText(buffer: Buffer, encoding: string | null): string {
  try {
    return new TextDecoder(encoding ?? 'utf-8').decode(buffer);
  } catch {
    return buffer.toString('latin1');
  }
}
