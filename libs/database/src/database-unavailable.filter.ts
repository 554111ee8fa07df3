import { ArgumentsHost, Catch, HttpServer, Logger, ServiceUnavailableException } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { DatabaseMessages } from './database.messages';
import { TRANSIENT_DATABASE_RETRY_AFTER_SECONDS, transientDatabaseFault } from './database-transient.error';

/**
 * Answers a transient database fault (see {@link transientDatabaseFault}) on
 * any HTTP route with 503, `Retry-After` and Nest's usual error body, so a
 * REST client can tell a fault worth retrying from a bug. The transaction
 * rolled back, so the retry is safe. Every other error, and any fault once
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
    const fault = host.getType() === 'http' ? transientDatabaseFault(exception) : undefined;
    const adapter: HttpServer | undefined = this.applicationRef ?? this.httpAdapterHost?.httpAdapter;
    const [request, response] = [host.getArgByIndex(0), host.getArgByIndex(1)];
    if (fault === undefined || adapter === undefined || adapter.isHeadersSent(response)) return super.catch(exception, host);
    const seconds = TRANSIENT_DATABASE_RETRY_AFTER_SECONDS;
    this.logger.warn(DatabaseMessages.transientFault(fault, adapter.getRequestMethod?.(request) ?? 'unknown', pathOf(adapter, request), seconds));
    adapter.setHeader(response, 'Retry-After', String(seconds));
    super.catch(new ServiceUnavailableException(DatabaseMessages.unavailable()), host);
  }
}

/** The request's path: the query string may carry signed links or other secrets, so it never reaches the log. */
function pathOf(adapter: HttpServer, request: unknown): string {
  const url = adapter.getRequestUrl?.(request);
  return url === undefined ? 'unknown' : url.split('?', 1)[0];
}
