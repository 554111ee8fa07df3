import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { Observable, tap } from 'rxjs';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { applyMcpResponseHeaders } from '../mcp-response.headers';

/** Sets the response headers of a served request once the result is known (`initialize` negotiates the version). */
@Injectable()
export class McpResponseHeadersInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    return next.handle().pipe(tap(() => applyMcpResponseHeaders(http.getRequest<McpHttpRequest>(), http.getResponse<Response>())));
  }
}
