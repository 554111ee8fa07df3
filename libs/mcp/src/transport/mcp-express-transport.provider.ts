import { BadRequestException } from '@nestjs/common';
import type { AbstractHttpAdapter } from '@nestjs/core';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import * as express from 'express';
import type { IncomingMessage } from 'node:http';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpBodyRefusal, McpHttpResponse, McpHttpTransport } from '../interfaces/mcp-http-transport.interface';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { McpMessages } from '../mcp.messages';
import { exceedsJsonDepth, jsonText, MCP_MAX_JSON_DEPTH } from './json-depth.policy';
import { exactMcpPath } from './mcp-exact-path.util';
import { refusingOversized } from './body-limit.util';
import { drainRequestBody } from './request-body-drain.util';
import { readRawBody } from './mcp-raw-body.util';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The MCP endpoint on `@nestjs/platform-express`: the request is Node's
 * `IncomingMessage` and the response Node's `ServerResponse` (Express's
 * `Request` and `Response` extend them), written without Express's helpers:
 * `res.json` would hash every body for an `ETag` and check freshness, which a
 * `no-store` answer to a POST never uses.
 */
export class McpExpressTransport implements McpHttpTransport {
  readonly type = 'express';

  async readBody(request: McpHttpRequest, _response: McpHttpResponse, limit: number): Promise<Buffer | McpBodyRefusal> {
    return readRawBody(request as unknown as IncomingMessage, limit);
  }

  drain(request: McpHttpRequest): void {
    // Sets `Connection: close` on Express's `req.res` itself.
    drainRequestBody(request as unknown as IncomingMessage);
  }

  onClosed(response: McpHttpResponse, listener: () => void): void {
    // 'close' comes after 'finish' and also when the client goes away.
    (response as Response).once('close', listener);
  }

  isAnswered(response: McpHttpResponse): boolean {
    return (response as Response).headersSent;
  }

  setHeader(response: McpHttpResponse, name: string, value: string): void {
    (response as Response).setHeader(name, value);
  }

  sendJson(response: McpHttpResponse, status: number, json: string): void {
    const res = response as Response;
    res.statusCode = status;
    res.setHeader('Content-Type', JSON_TYPE);
    res.setHeader('Content-Length', Buffer.byteLength(json));
    res.end(json);
  }

  /**
   * One `writev` of two chunks (the response is corked), where concatenating
   * them copied a list of hundreds of tool schemas on every answer.
   */
  sendJsonParts(response: McpHttpResponse, status: number, head: string, tail: Buffer): void {
    const res = response as Response;
    res.statusCode = status;
    res.setHeader('Content-Type', JSON_TYPE);
    res.setHeader('Content-Length', Buffer.byteLength(head) + tail.length);
    res.cork();
    res.write(head);
    res.end(tail);
  }

  sendEmpty(response: McpHttpResponse, status: number): void {
    const res = response as Response;
    res.statusCode = status;
    res.end();
  }

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
   * Called as soon as the HTTP adapter exists, which is before `app.init()`
   * registers parsers, both with `NestFactory.create` and with the testing
   * module, and before a host's own `app.use()` after either.
   */
  install(adapter: AbstractHttpAdapter, options: McpResolvedOptions): void {
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
    const json = answeringTooDeep(express.json({ verify: refusingDeepJson(verify), limit }));
    const urlencoded = express.urlencoded({ extended: true, verify, limit });
    adapter.use(exempt('jsonParser', refusingOversized('application/json', limit, json)));
    adapter.use(exempt('urlencodedParser', refusingOversized('application/x-www-form-urlencoded', limit, urlencoded)));
  }
}

function keepRawBody(req: Request & { rawBody?: Buffer }, _res: Response, buffer: Buffer): void {
  req.rawBody = buffer;
}

/** What the depth check throws inside body-parser, answered by {@link answeringTooDeep}. */
class JsonTooDeepError extends Error {}

/** The JSON parser's `verify`: the depth check on the raw body, then `next` (keeping it) when asked. */
function refusingDeepJson(next?: typeof keepRawBody) {
  return (req: Request, res: Response, buffer: Buffer, encoding: string | null): void => {
    if (exceedsJsonDepth(jsonText(buffer, encoding), MCP_MAX_JSON_DEPTH)) throw new JsonTooDeepError();
    next?.(req, res, buffer);
  };
}

/**
 * The depth refusal as Nest answers any 400: body-parser hands on what `verify`
 * throws with http-errors' fields added (`status`, `expose`), and Nest 12's
 * Express adapter turns such an error into a bare `{ statusCode, message }`,
 * without the `error` every other 400 of the API carries.
 */
function answeringTooDeep(parser: RequestHandler): RequestHandler {
  return (req, res, next) =>
    parser(req, res, (error?: unknown) =>
      next(error instanceof JsonTooDeepError ? new BadRequestException(McpMessages.apiBodyTooDeep(MCP_MAX_JSON_DEPTH)) : error),
    );
}
