import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ListAuditEventsDto } from './dto/list-audit-events.dto';
import { AuditPageMessages } from './audit-page.messages';

/** The filters of `/audit` as the person typed them (`''` for none), sent back into the form and the paging links. */
export interface AuditPageFilters {
  tool: string;
  /** A person's e-mail; the page looks up their id, the listing's `subject`. */
  person: string;
  /** An OAuth `client_id`. */
  client: string;
  decision: string;
  kind: string;
  /** First UTC day of the period, `YYYY-MM-DD`. */
  from: string;
  /** Last UTC day of the period (included), `YYYY-MM-DD`. */
  to: string;
}

/** The names of the filters, in the order of the form. */
export const AUDIT_PAGE_FILTERS = ['tool', 'person', 'client', 'decision', 'kind', 'from', 'to'] as const;

/** The page's query read: the filters, the cursor, and the listing's query they make (without `subject`), or what is wrong with them. */
export interface AuditPageQuery {
  filters: AuditPageFilters;
  cursor?: string;
  listing: ListAuditEventsDto;
  /** What the person must fix, in words; empty when the listing may run. */
  problems: string[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads `/audit`'s query string into the REST listing's own query
 * ({@link ListAuditEventsDto}, checked by the same class-validator rules
 * as `GET /api/v1/audit_events`): `from`/`to` are whole UTC days, `to`
 * included; a value given twice counts as not given.
 */
export async function parseAuditPageQuery(query: Record<string, unknown>, limit: number): Promise<AuditPageQuery> {
  const text = (name: string): string => (typeof query[name] === 'string' ? (query[name] as string).trim() : '');
  const filters = Object.fromEntries(AUDIT_PAGE_FILTERS.map((name) => [name, text(name)])) as unknown as AuditPageFilters;
  const cursor = text('cursor') || undefined;
  const problems: string[] = [];
  const day = (value: string, field: string, after: number): string | undefined => {
    if (!value) return undefined;
    const start = DAY.test(value) ? Date.parse(`${value}T00:00:00.000Z`) : NaN;
    if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== value) {
      problems.push(AuditPageMessages.invalidDay(field));
      return undefined;
    }
    return new Date(start + after).toISOString();
  };
  const plain = {
    limit,
    cursor,
    tool: filters.tool || undefined,
    client_id: filters.client || undefined,
    decision: filters.decision || undefined,
    kind: filters.kind || undefined,
    since: day(filters.from, AuditPageMessages.filters.from(), 0),
    until: day(filters.to, AuditPageMessages.filters.to(), 24 * 60 * 60 * 1000),
  };
  const listing = plainToInstance(ListAuditEventsDto, Object.fromEntries(Object.entries(plain).filter(([, value]) => value !== undefined)));
  for (const error of await validate(listing, { forbidUnknownValues: true })) problems.push(...Object.values(error.constraints ?? {}));
  return { filters, cursor, listing, problems };
}

/** The query string of `/audit` for `filters` (and `cursor`), with the empty ones left out. */
export function auditPageSearch(filters: AuditPageFilters, cursor?: string): string {
  const search = new URLSearchParams();
  for (const name of AUDIT_PAGE_FILTERS) if (filters[name]) search.set(name, filters[name]);
  if (cursor) search.set('cursor', cursor);
  const text = search.toString();
  return text ? `?${text}` : '';
}
