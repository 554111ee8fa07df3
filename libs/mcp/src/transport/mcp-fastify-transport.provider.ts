import { BadRequestException, NotFoundException } from '@nestjs/common';
import type { AbstractHttpAdapter } from '@nestjs/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpBodyRefusal, McpHttpResponse, McpHttpTransport } from '../interfaces/mcp-http-transport.interface';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { McpMessages } from '../mcp.messages';
import { exceedsJsonDepth, jsonText, MCP_MAX_JSON_DEPTH } from './json-depth.policy';
import { sameRouteAs } from './mcp-exact-path.util';
import { readRawBody } from './mcp-raw-body.util';
import { drainRequestBody } from './request-body-drain.util';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The parts of Fastify's request the transport uses (typed here, so the module needs no Fastify types). */
interface FastifyRequestLike {
  raw: IncomingMessage;
  headers: Record<string, string | string[] | undefined> | undefined;
}

/** The parts of Fastify's reply the transport uses. */
interface FastifyReplyLike {
  raw: ServerResponse;
  sent: boolean;
  code(status: number): FastifyReplyLike;
  header(name: string, value: string | number): FastifyReplyLike;
  send(payload?: string | Buffer): FastifyReplyLike;
}

type Done = (error?: Error | null, value?: unknown) => void;

/** The route options an `onRoute` hook may change before Fastify builds the route. */
interface FastifyRouteLike {
  url: string;
  method: string | string[];
  preParsing?: PreParsingHook | PreParsingHook[];
}

type PreParsingHook = (request: FastifyRequestLike, reply: FastifyReplyLike, payload: unknown, done: Done) => void;

/** The parts of the Fastify instance the transport hooks into. */
interface FastifyInstanceLike {
  addHook(name: 'onRequest' | 'preValidation', hook: (request: FastifyRequestLike, reply: FastifyReplyLike, done: Done) => void): unknown;
  addHook(name: 'onRoute', hook: (route: FastifyRouteLike) => void): unknown;
  getDefaultJsonParser(onProtoPoisoning: string, onConstructorPoisoning: string): BodyParser;
  initialConfig: { onProtoPoisoning?: string; onConstructorPoisoning?: string };
}

/** A content-type parser of Nest's Fastify adapter: the body's bytes in, the parsed value out. */
type BodyParser = (request: FastifyRequestLike, body: Buffer, done: Done) => void;

/** What Nest's Fastify adapter adds for parsers (`app.useBodyParser()`): Nest then registers no default of its own for that type. */
interface FastifyParsersLike {
  useBodyParser(type: string, rawBody: boolean, options: { bodyLimit: number }, parser?: BodyParser): void;
}

/**
 * What Fastify must not see of a request whose body the endpoint reads
 * itself: with none of these, Fastify takes the request as bodiless and runs
 * no content-type parser (which would read the body before authentication,
 * with its own limit and error pages, and refuse a media type before the
 * token is checked). Set through `request.headers`, Fastify's documented way
 * to add headers, which leaves `request.raw.headers` as they came.
 */
const BODY_HEADERS_HIDDEN = Object.freeze({ 'content-type': undefined, 'content-length': undefined, 'transfer-encoding': undefined });

/** Requests whose body headers are hidden from Fastify's parsing step. */
const hidden = new WeakSet<object>();

/**
 * The MCP endpoint on `@nestjs/platform-fastify`: the request is Fastify's,
 * read through its Node request (`request.raw`), and the answer goes through
 * the reply, so the host's Fastify hooks (`onSend`, `onResponse`) see it as
 * any other. Status, headers and body are those of the Express transport.
 */
export class McpFastifyTransport implements McpHttpTransport {
  readonly type = 'fastify';

  readBody(request: McpHttpRequest, response: McpHttpResponse, limit: number): Promise<Buffer | McpBodyRefusal> {
    return readRawBody((request as unknown as FastifyRequestLike).raw, limit).then((body) => {
      if (body === 'too-large') (response as FastifyReplyLike).header('Connection', 'close');
      return body;
    });
  }

  drain(request: McpHttpRequest, response: McpHttpResponse): void {
    const raw = (request as unknown as FastifyRequestLike).raw;
    const unread = !raw.complete;
    drainRequestBody(raw);
    // Fastify's Node request has no `res` for the drain to mark: the reply carries it, as Express's does then.
    if (unread) (response as FastifyReplyLike).header('Connection', 'close');
  }

  onClosed(response: McpHttpResponse, listener: () => void): void {
    (response as FastifyReplyLike).raw.once('close', listener);
  }

  isAnswered(response: McpHttpResponse): boolean {
    const reply = response as FastifyReplyLike;
    return reply.sent || reply.raw.headersSent;
  }

  setHeader(response: McpHttpResponse, name: string, value: string): void {
    (response as FastifyReplyLike).header(name, value);
  }

  sendJson(response: McpHttpResponse, status: number, json: string): void {
    (response as FastifyReplyLike).code(status).header('Content-Type', JSON_TYPE).header('Content-Length', Buffer.byteLength(json)).send(json);
  }

  /** Fastify sends one payload: the two parts are joined (Express writes them as two chunks). */
  sendJsonParts(response: McpHttpResponse, status: number, head: string, tail: Buffer): void {
    const body = Buffer.concat([Buffer.from(head), tail]);
    (response as FastifyReplyLike).code(status).header('Content-Type', JSON_TYPE).header('Content-Length', body.length).send(body);
  }

  sendEmpty(response: McpHttpResponse, status: number): void {
    (response as FastifyReplyLike).code(status).send();
  }

  /**
   * Three hooks, added as soon as the adapter exists (before `app.init()`
   * registers routes and parsers, and before a host's own hooks):
   *
   * - `onRequest`: the MCP path matches exactly, as on Express. Fastify's
   *   router already tells `/mcp/` and `/MCP` apart, unless the host sets
   *   `ignoreTrailingSlash` or `caseSensitive: false`; either way the other
   *   forms answer Nest's 404, before anything reads their body.
   * - `onRoute`: every route on the MCP path gets a last `preParsing` step
   *   that hides its body headers from Fastify (see {@link BODY_HEADERS_HIDDEN}),
   *   so the body stays unread until the message guard reads `request.raw`
   *   after the token is verified; so does every request to a path of
   *   `unparsedPaths` (matched on the path as it came, as Express's `req.path`).
   *   The `@All()` route that answers 405 drops POST, which the endpoint's own
   *   `@Post()` holds: Fastify, unlike Express, refuses two routes for one
   *   method and path.
   * - `preValidation`: the hidden headers are back before any guard, the
   *   host's included, reads them.
   *
   * With `installBodyParsers`, the host's routes get Nest's JSON and
   * urlencoded parsers with `maxBodyBytes` as their limit (one limit for
   * both, docs/protocol.md §1) and the JSON one refusing a body nested deeper
   * than the endpoint allows, as on Express; registered through Nest's
   * `useBodyParser()`, so Nest adds no default of its own. The answers to
   * those refusals are Fastify's and Nest's (a 413 says "Request body is too
   * large").
   */
  install(adapter: AbstractHttpAdapter, options: McpResolvedOptions): void {
    const instance = adapter.getInstance<FastifyInstanceLike>();
    const sameRoute = sameRouteAs(options.path);
    instance.addHook('onRequest', (request, _reply, done) => {
      const path = pathOf(request.raw.url);
      if (path !== options.path && sameRoute.test(path)) return done(new NotFoundException(`Cannot ${request.raw.method} ${request.raw.url}`));
      done();
    });
    const unparsed = options.unparsedPaths;
    const keepUnparsedPathsUnread: PreParsingHook = (request, reply, payload, done) =>
      unparsed.some((pattern) => pattern.test(pathOf(request.raw.url))) ? keepBodyUnread(request, reply, payload, done) : done(null, payload);
    instance.addHook('onRoute', (route) => {
      if (route.url === options.path) {
        if (Array.isArray(route.method)) route.method = route.method.filter((method) => method !== 'POST');
        route.preParsing = [...[route.preParsing ?? []].flat(), keepBodyUnread];
      } else if (unparsed.length > 0) {
        route.preParsing = [...[route.preParsing ?? []].flat(), keepUnparsedPathsUnread];
      }
    });
    instance.addHook('preValidation', (request, _reply, done) => {
      if (hidden.delete(request)) request.headers = undefined;
      done();
    });
    if (options.installBodyParsers) installParsers(adapter as unknown as FastifyParsersLike, instance, options);
  }
}

/** Nest's default JSON and urlencoded parsers, at the module's limit, the JSON one refusing what nests too deep. */
function installParsers(parsers: FastifyParsersLike, instance: FastifyInstanceLike, options: McpResolvedOptions): void {
  const { onProtoPoisoning, onConstructorPoisoning } = instance.initialConfig;
  const json = instance.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  const bodyLimit = options.maxBodyBytes;
  parsers.useBodyParser('application/json', options.rawBody, { bodyLimit }, (request, body, done) => {
    if (exceedsJsonDepth(jsonText(body), MCP_MAX_JSON_DEPTH)) return done(new BadRequestException(McpMessages.apiBodyTooDeep(MCP_MAX_JSON_DEPTH)));
    json(request, body, done);
  });
  parsers.useBodyParser('application/x-www-form-urlencoded', options.rawBody, { bodyLimit });
}

/** The path of a request target, without its query (Express's `req.path`). */
function pathOf(url = '/'): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/** The `preParsing` step of the MCP route: the last one, so the host's own steps still see every header. */
function keepBodyUnread(request: FastifyRequestLike, _reply: FastifyReplyLike, payload: unknown, done: Done): void {
  request.headers = BODY_HEADERS_HIDDEN;
  hidden.add(request);
  done(null, payload);
}
