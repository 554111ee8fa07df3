import { Controller, Post, Req, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Request, Response } from 'express';
import { redirect } from '@kobana/pages';
import { ApprovalSessionsService } from './approval-sessions.service';
import { sessionCookieHeader } from './approval-session.codec';
import { PagePostPolicy } from './page-post.policy';

/**
 * `POST /sign-out`: ends the session (its row is deleted, so the cookie is
 * worthless even if kept) and clears the cookie, then back to the sign-in
 * page. Same-origin form posts only, like every page POST.
 */
@Controller('sign-out')
export class SignOutController {
  private readonly secureCookie: boolean;

  constructor(
    private readonly sessions: ApprovalSessionsService,
    private readonly policy: PagePostPolicy,
    config: ConfigService<{ PUBLIC_URL: string }, true>,
  ) {
    this.secureCookie = config.get('PUBLIC_URL', { infer: true }).startsWith('https:');
  }

  @Post()
  async signOut(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (this.policy.refused(req, res)) return;
    await this.sessions.end(req.headers.cookie);
    redirect(res, '/sign-in', sessionCookieHeader(this.sessions.cookieName, '', 0, this.secureCookie));
  }
}
