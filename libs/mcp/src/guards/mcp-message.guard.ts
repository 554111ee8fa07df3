import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import * as secureJson from 'secure-json-parse';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpHttpResponse, McpHttpTransport } from '../interfaces/mcp-http-transport.interface';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { JsonRpcId, JsonRpcMessage } from '../interfaces/json-rpc.interface';
import { batchNotSupported, bodyTooLarge, forbiddenKey, invalidRequest, jsonTooDeep, parseError, unsupportedMediaType } from '../errors/mcp-transport.error';
import { mcpState } from '../transport/mcp-request-state.util';
import { exceedsJsonDepth, MCP_MAX_JSON_DEPTH } from '../transport/json-depth.policy';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Guard 5 of 7, docs/protocol.md §1 steps 5 to 9: reads the body (never more than
 * the limit, chunked bodies included; past it, the transport drains and
 * drops the rest, see `McpHttpTransport.readBody`), then requires JSON, one object, and a
 * valid JSON-RPC 2.0 request or notification. Runs after authentication, so
 * an anonymous client cannot make the server buffer anything.
 */
@Injectable()
export class McpMessageGuard implements CanActivate {
  constructor(
    @Inject(MCP_RESOLVED_OPTIONS) private readonly options: McpResolvedOptions,
    @Inject(McpHttpTransport) private readonly transport: McpHttpTransport,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<McpHttpRequest>();
    const raw = await this.transport.readBody(request, http.getResponse<McpHttpResponse>(), this.options.maxBodyBytes);
    if (raw === 'too-large') throw bodyTooLarge(this.options.maxBodyBytes);
    if (raw === 'unreadable') throw invalidRequest('the request body could not be read');
    if (!isJsonContentType(request.headers['content-type'])) {
      throw unsupportedMediaType();
    }
    const body = this.parse(raw);
    if (Array.isArray(body)) throw batchNotSupported();
    const state = mcpState(request);
    state.id = readableId(body);
    state.message = validateMessage(body);
    return true;
  }

  private parse(raw: Buffer): unknown {
    let text: string;
    try {
      text = utf8.decode(raw);
    } catch {
      throw parseError();
    }
    if (exceedsJsonDepth(text, MCP_MAX_JSON_DEPTH)) {
      throw jsonTooDeep(MCP_MAX_JSON_DEPTH);
    }
    try {
      return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch (error) {
      const forbidden = error instanceof SyntaxError ? false : /prototype|constructor|__proto__/i.test(String(error));
      throw forbidden ? forbiddenKey() : parseError();
    }
  }
}

function isJsonContentType(header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  const mediaType = header.split(';', 1)[0].trim().toLowerCase();
  return mediaType === 'application/json';
}

/** The id to echo in an error, when the body has a usable one even if the rest is invalid. */
function readableId(body: unknown): JsonRpcId | null {
  if (body && typeof body === 'object') {
    const id = (body as { id?: unknown }).id;
    if (typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))) return id;
  }
  return null;
}

function validateMessage(body: unknown): JsonRpcMessage {
  if (body === null || typeof body !== 'object') throw invalidRequest('the body must be a JSON-RPC object');
  const message = body as Record<string, unknown>;
  if (message.jsonrpc !== '2.0') throw invalidRequest('"jsonrpc" must be "2.0"');
  if ('result' in message || 'error' in message) throw invalidRequest('clients may not send JSON-RPC responses');
  if (typeof message.method !== 'string' || message.method === '') throw invalidRequest('"method" must be a non-empty string');
  if ('id' in message) {
    const id = message.id;
    if (!(typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)))) {
      throw invalidRequest('"id" must be a string or a number');
    }
  }
  if ('params' in message && (message.params === null || typeof message.params !== 'object' || Array.isArray(message.params))) {
    throw invalidRequest('"params" must be an object');
  }
  return message as unknown as JsonRpcMessage;
}
