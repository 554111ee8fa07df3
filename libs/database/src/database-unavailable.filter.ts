import { ArgumentsHost, Catch, HttpServer, HttpStatus, Logger, ServiceUnavailableException } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { DatabaseMessages } from './database.messages';
import { DATABASE_UNAVAILABLE_PAGE_HEADERS, databaseUnavailablePage } from './database-unavailable.view';
import { databaseFault, retryAfterOnDatabaseError } from './database-transient.error';

/**
 * Answers a passing database fault (see {@link databaseFault}) on any HTTP
 * route with 503, `Retry-After` and Nest's usual error body, so a REST client
 * can tell a fault worth retrying from a bug; a full or failing disk says so
 * in the message. The transaction rolled back, so the retry is safe. A
 * browser on a page (sign-in, consent, approval, audit) is shown the same
 * words as a page rather than JSON. Every other error, and any fault once
 * the response has started, goes to Nest's `BaseExceptionFilter` unchanged.
 *
 * Registered as `APP_FILTER` by the database modules of Kadu and Billing.
 * The MCP endpoint keeps answering JSON-RPC: Nest tries a controller's own
 * filters before global ones, and `McpExceptionFilter` catches everything.
 */
@Catch()
export class DatabaseUnavailableFilter extends BaseExceptionFilter {
  private readonly logger = new Logger('Database');

  override catch(exception: unknown, host: ArgumentsHost): void {
    const fault = host.getType() === 'http' ? databaseFault(exception) : undefined;
    const adapter: HttpServer | undefined = this.applicationRef ?? this.httpAdapterHost?.httpAdapter;
    const [request, response] = [host.getArgByIndex(0), host.getArgByIndex(1)];
    if (fault === undefined || adapter === undefined || adapter.isHeadersSent(response)) return super.catch(exception, host);
    const seconds = retryAfterOnDatabaseError(exception)!;
    const [method, path] = [adapter.getRequestMethod?.(request) ?? 'unknown', pathOf(adapter, request)];
    const storage = fault.kind === 'storage';
    this.logger.warn((storage ? DatabaseMessages.storageFault : DatabaseMessages.transientFault)(fault.code, method, path, seconds));
    adapter.setHeader(response, 'Retry-After', String(seconds));
    const message = storage ? DatabaseMessages.storageFull() : DatabaseMessages.unavailable();
    if (!wantsPage(request, path)) return super.catch(new ServiceUnavailableException(message), host);
    for (const [name, value] of Object.entries(DATABASE_UNAVAILABLE_PAGE_HEADERS)) adapter.setHeader(response, name, value);
    adapter.reply(response, databaseUnavailablePage(message, seconds), HttpStatus.SERVICE_UNAVAILABLE);
  }
}

/**
 * A browser asking for a page (it accepts HTML) gets one; `/api/` keeps its
 * JSON whoever asks, as its clients parse it.
 */
function wantsPage(request: unknown, path: string): boolean {
  const accept = (request as { headers?: Record<string, unknown> }).headers?.accept;
  return typeof accept === 'string' && accept.includes('text/html') && !path.startsWith('/api/');
}

/** The request's path: the query string may carry signed links or other secrets, so it never reaches the log. */
function pathOf(adapter: HttpServer, request: unknown): string {
  const url = adapter.getRequestUrl?.(request);
  return url === undefined ? 'unknown' : url.split('?', 1)[0];
}
