import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { Kysely } from 'kysely';
import { keysetAtOrAfter, keysetBefore } from '@kobana/database';
import type { KeysetCursorKey } from '@kobana/database';
import { AUDIT_DATABASE, AuditDatabase } from './audit-host.table';
import { AUDIT_TRAIL_SETTINGS, AuditTrailSettings } from './audit-trail.options';
import { AUDIT_DEFAULT_LIMIT, ListAuditEventsDto } from './dto/list-audit-events.dto';
import { AuditEventsPage, AuditEventView, toAuditEventView } from './audit-event.view';
import { decodeAuditCursor, encodeAuditCursor } from './audit-cursor.codec';
import { AuditMessages } from './audit.messages';
import { AuditEventsTable } from './audit.table';
import { AUDIT_VALUE_INDEXED_COLUMNS } from './audit-events-value-indexes.migration';

/** The filters of a listing, each a column of `audit_events`. */
const FILTERS = ['tool', 'client_id', 'subject', 'decision', 'kind'] as const;

/**
 * One organization's audit events, newest first, by keyset on `(time, id)`
 * over `audit_events_organization_time_idx`. The caller's organization is
 * the only one a query ever names; the role check is the host's (its REST
 * route and tool share it).
 *
 * A page filtered by one of the tool, the decision or the kind alone seeks
 * that column's index (`0913_index_audit_filter_values`), so it costs what an
 * unfiltered page does. Any other filter (a client, a person, or several
 * filters together) has no index of its own: its page looks at the next
 * `listScanRows` events of the period at most, so no listing reads more than
 * that however rare its match; when the look ends before the page is full,
 * `next_cursor` continues from there. The organization's index carries every
 * filtered column (`0912_cover_audit_filters`), so that look reads the index
 * alone, and only the page's own events are read from the table.
 */
@Injectable()
export class AuditEventsService {
  constructor(
    @Inject(AUDIT_DATABASE) private readonly db: Kysely<AuditDatabase>,
    @Inject(AUDIT_TRAIL_SETTINGS) private readonly settings: Pick<AuditTrailSettings, 'listScanRows'>,
  ) {}

  /**
   * A page of `organizationId`'s events matching every filter given. A page
   * may hold fewer than `limit` events and still have a `next_cursor`: follow
   * it until it is `null`.
   *
   * @throws BadRequestException (400) for a forged cursor, or `since` not before `until`.
   */
  async list(organizationId: string, query: ListAuditEventsDto): Promise<AuditEventsPage> {
    const limit = query.limit ?? AUDIT_DEFAULT_LIMIT;
    const since = query.since === undefined ? undefined : new Date(query.since).toISOString();
    const until = query.until === undefined ? undefined : new Date(query.until).toISOString();
    if (since !== undefined && until !== undefined && since >= until) throw new BadRequestException(AuditMessages.invalidPeriod());
    const after = query.cursor === undefined ? undefined : decodeAuditCursor(query.cursor);
    // The organization's period after the cursor, newest first: what a page reads, through the index.
    let period = this.db.selectFrom('audit_events').where('organization_id', '=', organizationId);
    if (since !== undefined) period = period.where('time', '>=', since);
    if (until !== undefined) period = period.where('time', '<', until);
    // Row-value bounds: both engines seek the index to them, so a page deep in the trail costs what the first does.
    if (after !== undefined) period = period.where(keysetBefore('time', 'id', after));
    const filters = FILTERS.filter((column) => query[column] !== undefined);
    // Unfiltered, or by one column that has an index of its own: a seek to the cursor, then the page.
    const [only] = filters;
    const seekable = filters.length === 0 || (filters.length === 1 && (AUDIT_VALUE_INDEXED_COLUMNS as readonly string[]).includes(only));
    if (seekable) {
      const found = await (only === undefined ? period : period.where(only, '=', query[only]!))
        .selectAll()
        .orderBy('time', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute();
      return this.page(found.slice(0, limit), limit, found.length > limit, undefined);
    }
    // The last event a filtered page may look at (from the index alone); none when the period holds fewer.
    const boundary = await period
      .select(['time', 'id'])
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .offset(this.settings.listScanRows - 1)
      .limit(1)
      .executeTakeFirst();
    // The matches among the events looked at, from the index alone (it carries every filtered column).
    let keys = period.select(['time', 'id']);
    for (const column of filters) keys = keys.where(column, '=', query[column]!);
    if (boundary !== undefined) keys = keys.where(keysetAtOrAfter('time', 'id', boundary));
    const matches = await keys
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    // Then only the page's own rows, by their ids, back in the order of their keys.
    const pageKeys = matches.slice(0, limit);
    const ids = pageKeys.map((key) => key.id);
    const rows =
      ids.length === 0
        ? []
        : await this.db.selectFrom('audit_events').selectAll().where('organization_id', '=', organizationId).where('id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const data = pageKeys.flatMap((key) => byId.get(key.id) ?? []);
    return this.page(data, limit, matches.length > limit, boundary);
  }

  /**
   * The page of `data` (newest first) and its cursor: after its last event
   * when `more` follow, else after the last event looked at (`boundary`), or none.
   */
  private page(data: AuditEventsTable[], limit: number, more: boolean, boundary: KeysetCursorKey | undefined): AuditEventsPage {
    const last = data[data.length - 1];
    // A full page continues after its last event; a page whose look ended early, after the last event looked at.
    const next = more && last ? last : boundary;
    return { data: data.map(toAuditEventView), meta: { next_cursor: next ? encodeAuditCursor(next) : null, limit } };
  }

  /** One of `organizationId`'s events by its id (the page's detail of an event); `undefined` when the organization has no such event. */
  async find(organizationId: string, id: string): Promise<AuditEventView | undefined> {
    const row = await this.db.selectFrom('audit_events').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
    return row && toAuditEventView(row);
  }
}
