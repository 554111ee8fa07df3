import { SpanKind, context, trace } from '@opentelemetry/api';
import type { LogEvent } from 'kysely';

/** The instrumentation scope of the SQLite query spans. */
const SCOPE = '@kobana/database';
/** The first keyword of a statement, its operation (`SELECT`, `INSERT`...). */
const OPERATION = /^\s*(\w+)/;

/**
 * A span per SQLite query, for traces to show the SQL under a request as
 * they do on PostgreSQL (whose driver has its own instrumentation; SQLite's
 * has none). Kysely's `log` hook reports each query once done, with its
 * duration, so the span is recorded after the fact with its real start.
 * Only under an active span (a traced request): without an SDK there is
 * none, and the hook returns at once. The statement is recorded with its
 * placeholders, never its parameter values.
 */
export function sqliteQuerySpans(event: LogEvent): void {
  const parent = context.active();
  if (!trace.getSpan(parent)) return;
  const end = Date.now();
  const operation = OPERATION.exec(event.query.sql)?.[1]?.toUpperCase() ?? 'QUERY';
  const span = trace.getTracer(SCOPE).startSpan(
    `${operation} sqlite`,
    {
      kind: SpanKind.CLIENT,
      startTime: end - event.queryDurationMillis,
      attributes: { 'db.system.name': 'sqlite', 'db.operation.name': operation, 'db.query.text': event.query.sql },
    },
    parent,
  );
  if (event.level === 'error') span.setAttribute('error.type', event.error instanceof Error ? event.error.constructor.name : '_OTHER');
  span.end(end);
}
