import { Controller, Get, Headers, Post, Query, Req, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ModuleRef } from '@nestjs/core';
import { MCP_RESOLVED_OPTIONS } from '@kobana/mcp';
import type { Request, Response } from 'express';
import { html, redirect, sendPage } from '@kobana/pages';
import { InjectPeople, InjectPersonRecords, People, Person, PersonRecords } from '@kobana/people';
import { APPROVAL_SESSION_SECONDS, ApprovalSessionsService } from './approval-sessions.service';
import { sessionCookieHeader } from './approval-session.codec';
import { ApprovalMessages } from './approvals.messages';
import { PagePostPolicy } from './page-post.policy';
import { PasswordCheckGate, PasswordCheckGateFullError } from './password-check-gate.service';
import { SignInThrottle } from './sign-in-throttle.service';
import { safeNext, signInBody, signOutBlock } from './sign-in.view';

/** Longest e-mail (RFC 5321's path limit) and password a sign-in reads; longer is a 400, never hashed. */
const MAX_EMAIL_LENGTH = 320;
const MAX_PASSWORD_LENGTH = 1024;

/** Seconds a sign-in refused for a full password-check queue is told to wait. */
const BUSY_RETRY_SECONDS = 5;

/**
 * `/sign-in`: e-mail and password of a person of the host (checked by its
 * `People`), for the approval
 * pages. Server-rendered, no JavaScript. In order, a POST is refused when
 * cross-site (403) or not a form (415), when a field is missing or too long
 * (400), when the e-mail or the client address is blocked after failed
 * attempts (429 + Retry-After, before any hashing), and when too many
 * password checks already wait (503 + Retry-After); then the password is
 * checked (401 on failure, counted) and a session starts (303).
 */
@Controller('sign-in')
export class SignInController {
  private readonly secureCookie: boolean;

  constructor(
    @InjectPeople() private readonly people: People,
    @InjectPersonRecords() private readonly records: PersonRecords,
    private readonly sessions: ApprovalSessionsService,
    private readonly throttle: SignInThrottle,
    private readonly gate: PasswordCheckGate,
    private readonly policy: PagePostPolicy,
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
  async form(@Query('next') next: unknown, @Headers('cookie') cookie: string | undefined, @Res() res: Response): Promise<void> {
    const session = await this.sessions.find(cookie);
    if (session) {
      const apps = html`<p><a href="/connected-apps" id="connected-apps-link">${ApprovalMessages.connectedApps()}</a></p>`;
      return sendPage(res, 200, this.title, html`<h1>${this.title}</h1>${signOutBlock(session.email)}${apps}`);
    }
    sendPage(res, 200, this.title, signInBody(this.title, safeNext(next)));
  }

  @Post()
  async signIn(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (this.policy.refused(req, res)) return;
    const body = req.body as Record<string, unknown>;
    const next = safeNext(body.next);
    const { email, password } = body;
    if (typeof email !== 'string' || typeof password !== 'string' || email.trim() === '' || password === '') {
      return sendPage(res, 400, this.title, signInBody(this.title, next, ApprovalMessages.missingFields()));
    }
    if (email.length > MAX_EMAIL_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
      return sendPage(res, 400, this.title, signInBody(this.title, next, ApprovalMessages.tooLong()));
    }

    const keys = this.throttle.keys(email, req.ip ?? req.socket.remoteAddress);
    const wait = await this.throttle.retryAfter(keys);
    if (wait > 0) {
      res.set('Retry-After', String(wait));
      return sendPage(res, 429, ApprovalMessages.throttledTitle(), signInBody(this.title, next, ApprovalMessages.throttled(Math.ceil(wait / 60))));
    }
    let user: Person | null;
    try {
      user = await this.gate.run(() => this.people.checkSignIn(email, password), keys.address);
    } catch (error) {
      if (!(error instanceof PasswordCheckGateFullError)) throw error;
      res.set('Retry-After', String(BUSY_RETRY_SECONDS));
      return sendPage(res, 503, ApprovalMessages.busyTitle(), signInBody(this.title, next, ApprovalMessages.busy()));
    }
    if (!user) {
      await this.throttle.failed(keys);
      return sendPage(res, 401, this.title, signInBody(this.title, next, ApprovalMessages.wrongCredentials()));
    }
    await this.throttle.succeeded(keys);
    // The session's row points at the person's record.
    await this.records.record(user);
    const cookie = sessionCookieHeader(this.sessions.cookieName, await this.sessions.start(user), APPROVAL_SESSION_SECONDS, this.secureCookie);
    redirect(res, next ?? '/sign-in', cookie);
  }
}
