import { Controller, Get, Headers, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApprovalSessionsService, PagePostPolicy, signOutBlock } from '@kobana/approvals';
import { html, redirect, sendPage } from '@kobana/pages';
import { ConnectedAppsService } from '../grants/connected-apps.service';
import { ConnectedAppsMessages } from './connected-apps.messages';
import { connectedAppsBody } from './connected-apps.view';

/** The page's own path, where a sign-in returns. */
const PAGE_PATH = '/connected-apps';
const SIGN_IN = `/sign-in?next=${encodeURIComponent(PAGE_PATH)}`;

/**
 * `/connected-apps`: the OAuth clients a signed-in person has allowed, and a
 * Revoke button each (same-origin, CSRF-checked form post, then back to the
 * list). A person sees and revokes only their own grants; any other id is
 * a 404 that changes nothing.
 */
@Controller('connected-apps')
export class ConnectedAppsController {
  constructor(
    private readonly sessions: ApprovalSessionsService,
    private readonly apps: ConnectedAppsService,
    private readonly policy: PagePostPolicy,
  ) {}

  @Get()
  async show(@Headers('cookie') cookie: string | undefined, @Res() res: Response): Promise<void> {
    const session = await this.sessions.find(cookie);
    if (!session) return redirect(res, SIGN_IN);
    const apps = await this.apps.listForPerson(session.user_id);
    sendPage(res, 200, ConnectedAppsMessages.pageTitle(), html`${connectedAppsBody(apps, session.csrf_token)}${signOutBlock(session.email)}`);
  }

  @Post(':id/revoke')
  async revoke(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (this.policy.refused(req, res)) return;
    const session = await this.sessions.find(req.headers.cookie);
    if (!session) return redirect(res, SIGN_IN);
    const body = req.body as Record<string, unknown>;
    if (!this.sessions.checkCsrf(session, body.csrf_token)) {
      return sendPage(res, 403, ConnectedAppsMessages.csrfTitle(), html`<p>${ConnectedAppsMessages.csrf()}</p>`);
    }
    if (!(await this.apps.revokeForPerson(session.user_id, id))) {
      return sendPage(res, 404, ConnectedAppsMessages.notFoundTitle(), html`<p>${ConnectedAppsMessages.notFound()}</p>`);
    }
    redirect(res, PAGE_PATH);
  }
}
