import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Request, Response } from 'express';
import { html, sendPage } from '@kobana/pages';
import { ApprovalMessages } from './approvals.messages';

/** The only body the pages' forms send. */
const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * What every state-changing page POST (sign-in, sign-out, Continue, Cancel)
 * must be before anything reads its body or changes a row:
 *
 * - same-origin: a browser's cross-site POST is refused (403), which stops
 *   login CSRF (signing a victim into the attacker's account) and forged
 *   sign-outs. `Sec-Fetch-Site` decides when present (`same-origin` or
 *   `none` pass); otherwise `Origin` must be this host's, as `PUBLIC_URL`
 *   names it or as the request's `Host` does. No `Origin` at all is not a
 *   browser form and passes (the approval form's CSRF token still applies);
 * - a form: any other body type is 415, the same on both hosts, since the
 *   handlers read form fields only.
 */
@Injectable()
export class PagePostPolicy {
  private readonly publicOrigin: string;

  constructor(config: ConfigService<{ PUBLIC_URL: string }, true>) {
    this.publicOrigin = new URL(config.get('PUBLIC_URL', { infer: true })).origin;
  }

  /** Answers 403 or 415 and returns `true` when the request must go no further. */
  refused(req: Request, res: Response): boolean {
    if (this.crossSite(req)) {
      sendPage(res, 403, ApprovalMessages.crossSiteTitle(), html`<p>${ApprovalMessages.crossSite()}</p>`);
      return true;
    }
    // Not req.is(): it answers null for an empty body, and an empty form (sign-out) is still a form.
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== FORM_TYPE || typeof req.body !== 'object' || req.body === null) {
      sendPage(res, 415, ApprovalMessages.notAFormTitle(), html`<p>${ApprovalMessages.notAForm()}</p>`);
      return true;
    }
    return false;
  }

  private crossSite(req: Request): boolean {
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined) return site !== 'same-origin' && site !== 'none';
    const origin = req.headers.origin;
    if (origin === undefined) return false;
    if (origin === this.publicOrigin) return false;
    try {
      return new URL(origin).host !== req.headers.host;
    } catch {
      return true; // "null" (sandboxed frames, some redirects) or garbage: not provably ours
    }
  }
}
