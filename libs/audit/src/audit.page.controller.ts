import { BadRequestException, Controller, Get, Headers, Inject, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Kysely } from 'kysely';
import { ApprovalSessionsService, signOutBlock } from '@kobana/approvals';
import { html, redirect, sendPage } from '@kobana/pages';
import { InjectPeople, People } from '@kobana/people';
import { AUDIT_DATABASE, AuditDatabase } from './audit-host.table';
import { AuditEventsService } from './audit-events.service';
import { auditPageBody } from './audit.page.view';
import { AuditPageMessages } from './audit-page.messages';
import { AuditMessages } from './audit.messages';

/** Events per page of `/audit`. */
const PAGE_SIZE = 50;

/**
 * `/audit`: what agents did in the signed-in person's organization, newest
 * first, for those the host's `People` allow to read it (`audit.read`;
 * owners and admins by default), signed in on the approval pages. Who did
 * each event is named from the platform's records of people (`users`),
 * which every subject of an event has.
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
  async show(@Query('cursor') cursor: unknown, @Headers('cookie') cookie: string | undefined, @Res() res: Response): Promise<void> {
    const session = await this.sessions.find(cookie);
    if (!session) return redirect(res, `/sign-in?next=${encodeURIComponent('/audit')}`);
    if (!(await this.people.may(session.person, 'audit.read'))) {
      return sendPage(res, 403, AuditPageMessages.forbiddenTitle(), html`<p>${AuditPageMessages.forbidden()}</p>${signOutBlock(session.email)}`);
    }
    let page;
    try {
      page = await this.events.list(session.organization_id, { limit: PAGE_SIZE, ...(typeof cursor === 'string' && cursor ? { cursor } : {}) });
    } catch (error) {
      if (!(error instanceof BadRequestException)) throw error;
      return sendPage(res, 400, AuditPageMessages.invalidCursorTitle(), html`<p>${AuditMessages.invalidCursor()}</p>`);
    }
    const subjects = [...new Set(page.data.map((event) => event.subject))];
    const users = subjects.length
      ? await this.db.selectFrom('users').select(['id', 'email']).where('organization_id', '=', session.organization_id).where('id', 'in', subjects).execute()
      : [];
    const people = new Map(users.map((user) => [user.id, user.email]));
    sendPage(res, 200, AuditPageMessages.title(), html`${auditPageBody(page.data, people, page.meta.next_cursor)}${signOutBlock(session.email)}`);
  }
}
