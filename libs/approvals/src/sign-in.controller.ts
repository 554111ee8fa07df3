import { Body, Controller, Get, Inject, Post, Query, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ModuleRef } from '@nestjs/core';
import { MCP_RESOLVED_OPTIONS } from '@kobana/mcp';
import type { Response } from 'express';
import { APPROVAL_IDENTITY, ApprovalIdentity } from './approval-host';
import { redirect, sendPage } from './approval.html';
import { APPROVAL_SESSION_SECONDS, ApprovalSessionsService } from './approval-sessions.service';
import { sessionCookieHeader } from './approval-session.cookie';
import { ApprovalMessages } from './approvals.messages';
import { safeNext, signInBody } from './sign-in.view';

/** `/sign-in`: e-mail and password of a user of the host, for the approval pages. Server-rendered, no JavaScript. */
@Controller('sign-in')
export class SignInController {
  private readonly secureCookie: boolean;

  constructor(
    @Inject(APPROVAL_IDENTITY) private readonly identity: ApprovalIdentity,
    private readonly sessions: ApprovalSessionsService,
    config: ConfigService<{ PUBLIC_URL: string }, true>,
    private readonly moduleRef: ModuleRef,
  ) {
    this.secureCookie = config.get('PUBLIC_URL', { infer: true }).startsWith('https:');
  }

  /** "Sign in to Kadu" or "Sign in to Kobana Billing": the host's name, as its MCP server calls itself. */
  private get title(): string {
    const { serverInfo } = this.moduleRef.get<{ serverInfo: { name: string; title?: string } }>(MCP_RESOLVED_OPTIONS, { strict: false });
    return ApprovalMessages.signInTitle(serverInfo.title ?? serverInfo.name);
  }

  @Get()
  form(@Query('next') next: unknown, @Res() res: Response): void {
    sendPage(res, 200, this.title, signInBody(this.title, safeNext(next), false));
  }

  @Post()
  async signIn(@Body() body: Record<string, unknown>, @Res() res: Response): Promise<void> {
    const next = safeNext(body.next);
    const { email, password } = body;
    const user = typeof email === 'string' && typeof password === 'string' ? await this.identity.verifyPassword(email, password) : null;
    if (!user) return sendPage(res, 401, this.title, signInBody(this.title, next, true));
    const cookie = sessionCookieHeader(await this.sessions.start(user), APPROVAL_SESSION_SECONDS, this.secureCookie);
    redirect(res, next ?? '/sign-in', cookie);
  }
}
