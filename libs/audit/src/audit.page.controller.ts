import { BadRequestException, Controller, Get, Headers, Inject, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Kysely } from 'kysely';
import { ApprovalSessionsService, signOutBlock } from '@kobana/approvals';
import { html, redirect, sendPage } from '@kobana/pages';
import { InjectPeople, People } from '@kobana/people';
import { AUDIT_DATABASE, AuditDatabase } from './audit-host.table';
import { AuditEventsService } from './audit-events.service';
import { auditEventDetailBody } from './audit-event-detail.view';
import { parseAuditPageQuery } from './audit-page-query.parser';
import { AuditPageList, auditPageBody } from './audit.page.view';
import { AuditPageMessages } from './audit-page.messages';
import { AuditMessages } from './audit.messages';

/** Events per page of `/audit`. */
const PAGE_SIZE = 50;

/** What an event id looks like (a UUID); anything else is no event, without a query. */
const EVENT_ID = /^[0-9a-f-]{36}$/i;

/** The page is laid out for its table: as wide as the window. */
const WIDE = { wide: true };

/**
 * `/audit`: what agents did in the signed-in person's organization, newest
 * first, narrowed by the filters of the REST listing (`GET
 * /api/v1/audit_events`, the same query and checks), with paging to older
 * events, and `/audit/events/<id>` one event in full. For those the host's
 * `People` allow to read it (`audit.read`; owners and admins by default),
 * signed in on the approval pages. Who did each event is named from the
 * platform's records of people (`users`), which every subject of an event has.
 */
@Controller('audit')
export class AuditPageController {
  constructor(
    private readonly sessions: ApprovalSessionsService,
    private readonly events: AuditEventsService,
    @Inject(AUDIT_DATABASE) private readonly db: Kysely<AuditDatabase>,
    @InjectPeople() private readonly people: People,
  ) {}

  @Get()
  async show(@Query() query: Record<string, unknown>, @Headers('cookie') cookie: string | undefined, @Res() res: Response): Promise<void> {
    const session = await this.reader(cookie, res);
    if (!session) return;
    const { filters, cursor, listing, problems } = await parseAuditPageQuery(query, PAGE_SIZE);
    const send = (status: number, list: Omit<AuditPageList, 'filters' | 'cursor'>) =>
      sendPage(res, status, AuditPageMessages.title(), html`${auditPageBody({ filters, cursor, ...list })}${signOutBlock(session.email)}`, [], WIDE);
    const empty = { events: [], people: new Map<string, string>(), nextCursor: null };
    if (problems.length) return send(400, { ...empty, problems });
    if (filters.person) {
      const subject = await this.db
        .selectFrom('users')
        .select('id')
        .where('organization_id', '=', session.organization_id)
        .where('email', '=', filters.person)
        .executeTakeFirst();
      if (!subject) return send(200, { ...empty, notice: AuditPageMessages.unknownPerson(filters.person) });
      listing.subject = subject.id;
    }
    let page;
    try {
      page = await this.events.list(session.organization_id, listing);
    } catch (error) {
      if (!(error instanceof BadRequestException)) throw error;
      const message = messageOf(error);
      if (message === AuditMessages.invalidCursor()) return sendPage(res, 400, AuditPageMessages.invalidCursorTitle(), html`<p>${message}</p>`);
      return send(400, { ...empty, problems: [message] });
    }
    const people = await this.emails(
      session.organization_id,
      page.data.map((event) => event.subject),
    );
    send(200, { events: page.data, people, nextCursor: page.meta.next_cursor });
  }

  @Get('events/:id')
  async event(@Param('id') id: string, @Headers('cookie') cookie: string | undefined, @Res() res: Response): Promise<void> {
    const session = await this.reader(cookie, res);
    if (!session) return;
    const event = EVENT_ID.test(id) ? await this.events.find(session.organization_id, id) : undefined;
    const words = AuditPageMessages.detail;
    if (!event) return sendPage(res, 404, words.notFoundTitle(), html`<p><a href="/audit">${words.back()}</a></p><p id="not-found">${words.notFound()}</p>`);
    const people = await this.emails(session.organization_id, [event.subject, ...(event.approved_by ? [event.approved_by] : [])]);
    sendPage(res, 200, words.title(), html`${auditEventDetailBody(event, people)}${signOutBlock(session.email)}`, [], WIDE);
  }

  /** The signed-in person who may read the trail; otherwise the answer is sent (sign in, or 403) and `undefined` returned. */
  private async reader(cookie: string | undefined, res: Response) {
    const session = await this.sessions.find(cookie);
    if (!session) {
      redirect(res, `/sign-in?next=${encodeURIComponent('/audit')}`);
      return undefined;
    }
    if (!(await this.people.may(session.person, 'audit.read'))) {
      sendPage(res, 403, AuditPageMessages.forbiddenTitle(), html`<p>${AuditPageMessages.forbidden()}</p>${signOutBlock(session.email)}`);
      return undefined;
    }
    return session;
  }

  /** E-mail by subject, for the subjects that are people of the organization. */
  private async emails(organizationId: string, subjects: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(subjects)];
    const users = unique.length
      ? await this.db.selectFrom('users').select(['id', 'email']).where('organization_id', '=', organizationId).where('id', 'in', unique).execute()
      : [];
    return new Map(users.map((user) => [user.id, user.email]));
  }
}

/** The message of a 400 the listing threw (Nest keeps it in the response body). */
function messageOf(error: BadRequestException): string {
  const body = error.getResponse();
  return typeof body === 'object' && body !== null && 'message' in body ? String((body as { message: unknown }).message) : error.message;
}
