import getRawBody from 'raw-body';
import type { IncomingMessage } from 'node:http';
import { McpBodyRefusal } from '../interfaces/mcp-http-transport.interface';
import { drainRequestBody } from './request-body-drain.util';

/**
 * The body of a Node request, never more than `limit` bytes; past it, the
 * rest is drained and dropped (see {@link drainRequestBody}), so the 413 is
 * not lost to a reset. Shared by both adapters: each hands it Node's request.
 */
export async function readRawBody(request: IncomingMessage, limit: number): Promise<Buffer | McpBodyRefusal> {
  try {
    return await getRawBody(request, { limit });
  } catch (error) {
    if ((error as { type?: string }).type !== 'entity.too.large') return 'unreadable';
    drainRequestBody(request);
    return 'too-large';
  }
}
