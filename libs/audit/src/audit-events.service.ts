import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { Kysely } from 'kysely';
import { AUDIT_DATABASE, AuditDatabase } from './audit-host';
import { AUDIT_DEFAULT_LIMIT, ListAuditEventsDto } from './dto/list-audit-events.dto';
import { AuditEventsPage, toAuditEventView } from './audit-event.view';
import { decodeAuditCursor, encodeAuditCursor } from './audit-cursor.codec';
import { AuditMessages } from './audit.messages';

/**
 * One organization's audit events, newest first, by keyset on `(time, id)`.
 * The caller's organization is the only one a query ever names; the role
 * check is the host's (its REST route and tool share it).
 */
@Injectable()
export class AuditEventsService {
  constructor(@Inject(AUDIT_DATABASE) private readonly db: Kysely<AuditDatabase>) {}

  /**
   * A page of `organizationId`'s events matching every filter given.
   *
   * @throws BadRequestException (400) for a forged cursor, or `since` not before `until`.
   */
  async list(organizationId: string, query: ListAuditEventsDto): Promise<AuditEventsPage> {
    const limit = query.limit ?? AUDIT_DEFAULT_LIMIT;
    const since = query.since === undefined ? undefined : new Date(query.since).toISOString();
    const until = query.until === undefined ? undefined : new Date(query.until).toISOString();
    if (since !== undefined && until !== undefined && since >= until) throw new BadRequestException(AuditMessages.invalidPeriod());
    let rows = this.db.selectFrom('audit_events').selectAll().where('organization_id', '=', organizationId);
    if (query.tool !== undefined) rows = rows.where('tool', '=', query.tool);
    if (query.client_id !== undefined) rows = rows.where('client_id', '=', query.client_id);
    if (query.subject !== undefined) rows = rows.where('subject', '=', query.subject);
    if (query.decision !== undefined) rows = rows.where('decision', '=', query.decision);
    if (since !== undefined) rows = rows.where('time', '>=', since);
    if (until !== undefined) rows = rows.where('time', '<', until);
    if (query.cursor !== undefined) {
      const after = decodeAuditCursor(query.cursor);
      rows = rows.where((eb) => eb.or([eb('time', '<', after.time), eb.and([eb('time', '=', after.time), eb('id', '<', after.id)])]));
    }
    const found = await rows
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    const more = found.length > limit;
    const data = more ? found.slice(0, limit) : found;
    const last = data[data.length - 1];
    return { data: data.map(toAuditEventView), meta: { next_cursor: more && last ? encodeAuditCursor(last) : null, limit } };
  }
}
