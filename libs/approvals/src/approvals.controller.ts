import { Controller, Get, Headers, Param, Post, Req, Res } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Request, Response } from 'express';
import { McpToolRegistry } from '@kobana/mcp';
import type { McpApproval } from '@kobana/mcp';
import { html, redirect, sendPage } from '@kobana/pages';
import { InjectPeople, People } from '@kobana/people';
import { ApprovalSession, ApprovalSessionsService } from './approval-sessions.service';
import { approvalBody, ApprovalToolView } from './approval.view';
import { ApprovalMessages } from './approvals.messages';
import { DatabaseConfirmationStore } from './database-confirmation.store';
import { PagePostPolicy } from './page-post.policy';
import { signOutBlock } from './sign-in.view';

/**
 * `/approvals/:id`: the page a person opens from an approval link (docs/protocol.md
 * §7). Shows who asks to run what, with which arguments, and takes Continue
 * or Cancel (same-origin, CSRF-checked form post, then a redirect to the
 * outcome).
 */
@Controller('approvals')
export class ApprovalsController {
  constructor(
    private readonly sessions: ApprovalSessionsService,
    private readonly store: DatabaseConfirmationStore,
    private readonly moduleRef: ModuleRef,
    private readonly policy: PagePostPolicy,
    @InjectPeople() private readonly people: People,
  ) {}

  @Get(':id')
  async show(@Param('id') id: string, @Headers('cookie') cookie: string | undefined, @Res() res: Response): Promise<void> {
    const session = await this.sessions.find(cookie);
    if (!session) return redirect(res, `/sign-in?next=${encodeURIComponent(`/approvals/${id}`)}`);
    const approval = await this.authorized(id, session, res);
    if (approval) {
      const body = html`${approvalBody(approval, this.tool(approval), session.csrf_token, new Date())}${signOutBlock(session.email)}`;
      sendPage(res, 200, ApprovalMessages.pageTitle(), body);
    }
  }

  @Post(':id')
  async decide(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (this.policy.refused(req, res)) return;
    const body = req.body as Record<string, unknown>;
    const session = await this.sessions.find(req.headers.cookie);
    if (!session) return redirect(res, `/sign-in?next=${encodeURIComponent(`/approvals/${id}`)}`);
    if (!this.sessions.checkCsrf(session, body.csrf_token)) return sendPage(res, 403, ApprovalMessages.csrfTitle(), html`<p>${ApprovalMessages.csrf()}</p>`);
    const approval = await this.authorized(id, session, res);
    if (!approval) return;
    if (body.decision === 'continue' || body.decision === 'cancel') {
      // Not pending any more (decided elsewhere, expired): the page then shows what happened instead.
      await this.store.decideApproval(approval.id, body.decision === 'continue' ? 'approved' : 'cancelled', session.user_id, new Date());
    }
    redirect(res, `/approvals/${encodeURIComponent(approval.id)}`);
  }

  /** The approval when the session may see it; otherwise answers 404 (another organization, or none) or 403 and returns nothing. */
  private async authorized(id: string, session: ApprovalSession, res: Response): Promise<McpApproval | undefined> {
    const approval = id.length <= 64 ? await this.store.findApproval(id) : undefined;
    if (!approval || approval.organization_id !== session.organization_id) {
      sendPage(res, 404, ApprovalMessages.notFoundTitle(), html`<p>${ApprovalMessages.notFound()}</p>`);
      return undefined;
    }
    // One's own approval, or another's of the organization when the host's People allow it.
    if (approval.subject !== session.user_id && !(await this.people.may(session.person, 'approvals.decide'))) {
      sendPage(res, 403, ApprovalMessages.forbiddenTitle(), html`<p>${ApprovalMessages.forbidden()}</p>`);
      return undefined;
    }
    return approval;
  }

  /** The tool's title and description as `tools/list` shows them. */
  private tool(approval: McpApproval): ApprovalToolView {
    const descriptor = this.moduleRef.get(McpToolRegistry, { strict: false }).get(approval.tool)?.descriptor;
    return { title: descriptor?.title ?? approval.tool, description: descriptor?.description ?? '' };
  }
}
