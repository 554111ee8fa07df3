import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { MCP_RESOLVED_OPTIONS } from '@kobana/mcp';
import { ApprovalSession, ApprovalSessionsService, PagePostPolicy, signOutBlock } from '@kobana/approvals';
import { html, redirect, SafeHtml, sendPage } from '@kobana/pages';
import { InjectPeople, InjectPersonRecords, People, PersonRecords } from '@kobana/people';
import type { Kysely } from 'kysely';
import type { Request, Response } from 'express';
import type { Client, InteractionResults } from 'oidc-provider';
import { consentBody } from './oauth-consent.view';
import { clientScopeLimit, findRememberedGrant } from './oauth-grants.store';
import { OAuthAuditEntry, OAuthAuditRecorder } from '../audit/oauth-audit.service';
import { OAUTH_DATABASE, OAuthHostDatabase } from '../oauth-host.table';
import { OAuthMessages } from '../oauth.messages';
import { CLIENT_SOURCE, CONSENT_PATH } from '../provider/oauth-provider.factory';
import { OAuthProviderService } from '../provider/oauth-provider.service';
import { inProviderRealm } from '../provider/oidc-provider.util';
import { isLoopbackUri } from '../registration/redirect-uri.policy';
import { OAUTH_SERVER_SETTINGS, ResolvedOAuthServerSettings } from '../oauth-server.options';

/** The authorization request behind a consent page, as the page needs it. */
interface PendingAuthorization {
  uid: string;
  client: Client;
  resource: string;
  redirectUri: string;
  /** Requested scopes the resource knows, in the host's order. */
  scopes: string[];
  /** Why the provider asks: `login` (the host's check at every authorization) or `consent`. */
  prompt: string;
}

/**
 * `/oauth/consent/:uid`: oidc-provider's interaction, on the host's pages.
 * The person signs in on `/sign-in` (the approvals library's session) and
 * decides. A grant that already holds every requested scope answers at once
 * (consent remembered per client, person and scopes); otherwise the page
 * lists the scopes not yet granted, and one form posts Allow or Deny
 * (same-origin, CSRF-checked, as every page POST of the host).
 */
@Controller('oauth/consent')
export class OAuthConsentController {
  constructor(
    private readonly oauth: OAuthProviderService,
    private readonly sessions: ApprovalSessionsService,
    private readonly policy: PagePostPolicy,
    @Inject(OAUTH_DATABASE) private readonly db: Kysely<OAuthHostDatabase>,
    @Inject(OAUTH_SERVER_SETTINGS) private readonly settings: ResolvedOAuthServerSettings,
    private readonly moduleRef: ModuleRef,
    private readonly audit: OAuthAuditRecorder,
    @InjectPeople() private readonly people: People,
    @InjectPersonRecords() private readonly records: PersonRecords,
  ) {}

  @Get(':uid')
  async show(@Param('uid') uid: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const session = await this.sessions.find(req.headers.cookie);
    if (!session) return redirect(res, signInPath(uid));
    const pending = await this.pending(uid, req, res);
    if (!pending) return;
    const remembered = await findRememberedGrant(this.db, session.user_id, pending.client.clientId, pending.resource);
    const missing = pending.scopes.filter((scope) => !remembered?.scopes.has(scope));
    // Only at the host's own check (prompt "login"): should the provider still find consent missing, the page shows rather than loop.
    if (remembered && missing.length === 0 && pending.prompt === 'login') return this.finish(req, res, session, remembered.grantId);
    // Allow and Deny both end, through /authorize, at the client's redirect_uri: the page's CSP must let the form get there.
    const body = html`${await this.page(pending, session, missing, remembered !== undefined)}${signOutBlock(session.email)}`;
    sendPage(res, 200, OAuthMessages.consentTitle(), body, [formActionSource(pending.redirectUri)]);
  }

  @Post(':uid')
  async decide(@Param('uid') uid: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (this.policy.refused(req, res)) return;
    const body = req.body as Record<string, unknown>;
    const session = await this.sessions.find(req.headers.cookie);
    if (!session) return redirect(res, signInPath(uid));
    if (!this.sessions.checkCsrf(session, body.csrf_token)) return sendPage(res, 403, OAuthMessages.csrfTitle(), html`<p>${OAuthMessages.csrf()}</p>`);
    const pending = await this.pending(uid, req, res);
    if (!pending) return;
    if (body.decision === 'deny') {
      await this.audit.record(this.decision('consent_denied', session, pending, pending.scopes), session.organization_id);
      const result: InteractionResults = { error: 'access_denied', error_description: OAuthMessages.denied() };
      return void (await this.oauth.provider.interactionFinished(req, res, inProviderRealm(result), { mergeWithLastSubmission: false }));
    }
    if (body.decision !== 'allow') return redirect(res, `${CONSENT_PATH}/${encodeURIComponent(uid)}`);
    const remembered = await findRememberedGrant(this.db, session.user_id, pending.client.clientId, pending.resource);
    const { Grant } = this.oauth.provider;
    const grant = (remembered && (await Grant.find(remembered.grantId))) || new Grant({ accountId: session.user_id, clientId: pending.client.clientId });
    if (pending.scopes.length) grant.addResourceScope(pending.resource, pending.scopes.join(' '));
    // Costs nothing unless a client asks for `openid`, and then spares the person a second page for it.
    grant.addOIDCScope('openid');
    const grantId = await grant.save();
    await this.audit.record(this.decision('consent_given', session, pending, pending.scopes), session.organization_id);
    await this.finish(req, res, session, grantId);
  }

  /** The audit entry of a decision on this page: the scopes decided on, where the answer goes, where the client comes from. */
  private decision(action: 'consent_given' | 'consent_denied', session: ApprovalSession, pending: PendingAuthorization, scopes: string[]): OAuthAuditEntry {
    return {
      action,
      subject: session.user_id,
      client_id: pending.client.clientId,
      client_name: pending.client.clientName ?? null,
      details: {
        scopes,
        resource: pending.resource,
        redirect_host: hostOf(pending.redirectUri),
        client_source: pending.client.metadata()[CLIENT_SOURCE] ?? 'registered',
      },
    };
  }

  /** Signs the person in to the provider with the grant; the provider then redirects to the client with a code. */
  private async finish(req: Request, res: Response, session: ApprovalSession, grantId: string): Promise<void> {
    // The grant and its tokens name the person: their record is refreshed from the host's People first.
    await this.records.record(session.person);
    const result: InteractionResults = { login: { accountId: session.user_id }, consent: { grantId } };
    await this.oauth.provider.interactionFinished(req, res, inProviderRealm(result), { mergeWithLastSubmission: false });
  }

  /** The authorization this page is for, when the browser's interaction cookie names it; otherwise a 404 page. */
  private async pending(uid: string, req: Request, res: Response): Promise<PendingAuthorization | undefined> {
    try {
      const details = await this.oauth.provider.interactionDetails(req, res);
      const client = details.uid === uid ? await this.oauth.provider.Client.find(String(details.params.client_id)) : undefined;
      if (client) {
        const requested = new Set(String(details.params.scope ?? '').split(' '));
        // A client registered with scopes is offered no others, whatever it asks for.
        const limit = clientScopeLimit(client.metadata());
        return {
          uid,
          client,
          resource: String(details.params.resource),
          redirectUri: String(details.params.redirect_uri),
          scopes: this.settings.scopes.map((entry) => entry.scope).filter((scope) => requested.has(scope) && (!limit || limit.has(scope))),
          prompt: details.prompt.name,
        };
      }
    } catch {
      // No interaction cookie, an expired interaction, or a client gone since: the same page.
    }
    sendPage(res, 404, OAuthMessages.notFoundTitle(), html`<p>${OAuthMessages.notFound()}</p>`);
    return undefined;
  }

  private async page(pending: PendingAuthorization, session: ApprovalSession, scopes: string[], stepUp: boolean): Promise<SafeHtml> {
    const metadata = pending.client.metadata();
    const organization = await this.people.findOrganization(session.organization_id);
    const fromDocument = metadata[CLIENT_SOURCE] === 'metadata_document';
    const { serverInfo } = this.moduleRef.get<{ serverInfo: { name: string; title?: string } }>(MCP_RESOLVED_OPTIONS, { strict: false });
    return consentBody({
      uid: pending.uid,
      clientName: pending.client.clientName ?? pending.client.clientId,
      origin: { kind: fromDocument ? 'metadata_document' : 'registered', host: hostOf(pending.client.clientId) },
      redirect: { host: hostOf(pending.redirectUri), loopback: isLoopbackUri(pending.redirectUri) },
      serverName: serverInfo.title ?? serverInfo.name,
      organizationName: organization?.name ?? session.organization_id,
      scopes: this.settings.scopes.filter((entry) => scopes.includes(entry.scope)),
      stepUp,
      csrfToken: session.csrf_token,
    });
  }
}

function signInPath(uid: string): string {
  return `/sign-in?next=${encodeURIComponent(`${CONSENT_PATH}/${uid}`)}`;
}

/** The CSP source of a redirect_uri: its origin (http, https), else its scheme (a native app's own scheme). */
function formActionSource(redirectUri: string): string {
  const url = URL.parse(redirectUri);
  if (!url) return "'self'";
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol;
}

function hostOf(url: string): string {
  return URL.parse(url)?.host ?? url;
}
