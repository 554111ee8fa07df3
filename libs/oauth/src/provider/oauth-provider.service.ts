import { Inject, Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { narrowDatabase } from '@kobana/database';
import { InjectPeople, InjectPersonRecords, People, PersonRecords } from '@kobana/people';
import type { OAuthDatabase } from '../records/oauth.table';
import type { KoaContextWithOIDC, Provider } from 'oidc-provider';
import { OAuthAuditRecorder } from '../audit/oauth-audit.service';
import { ClientMetadataSource } from '../interfaces/client-metadata-source.interface';
import { OAUTH_DATABASE, OAUTH_SIGNING_SECRET, OAuthHostDatabase, OAuthSigningSecret } from '../oauth-host.table';
import { OAuthKeys } from './oauth-keys.factory';
import { createOAuthProvider } from './oauth-provider.factory';
import { OAUTH_SERVER_SETTINGS, ResolvedOAuthServerSettings } from '../oauth-server.options';

/** Revoked grants remembered at most for their `grant.revoked` event (see `revokedGrants`). */
const REVOKED_GRANTS_KEPT = 1000;

/**
 * The host's oidc-provider instance, built once the host's secrets are loaded
 * (at application bootstrap, or at first use if earlier), since its cookie
 * and signing keys derive from the signing secret.
 */
@Injectable()
export class OAuthProviderService implements OnApplicationBootstrap {
  private readonly logger = new Logger(OAuthProviderService.name);
  private instance?: Provider;
  private handler?: ReturnType<Provider['callback']>;
  /**
   * The person of each grant a revocation just deleted, until its
   * `grant.revoked` event reads it: a replayed code revokes its grant before
   * the library knows whose it was. Bounded: a revocation the library does not
   * announce leaves an entry behind.
   */
  private readonly revokedGrants = new Map<string, string>();
  /** How long building the provider took, ms (start-up cost). */
  constructionMs?: number;

  constructor(
    @Inject(OAUTH_DATABASE) private readonly db: Kysely<OAuthHostDatabase>,
    @Inject(OAUTH_SIGNING_SECRET) private readonly secret: OAuthSigningSecret,
    @Inject(OAUTH_SERVER_SETTINGS) private readonly settings: ResolvedOAuthServerSettings,
    private readonly audit: OAuthAuditRecorder,
    @InjectPeople() private readonly people: People,
    @InjectPersonRecords() private readonly records: PersonRecords,
    @Optional() @Inject(ClientMetadataSource) private readonly clientMetadata?: ClientMetadataSource,
  ) {}

  onApplicationBootstrap(): void {
    void this.provider;
    // Start-up narration: shown with LOG_LEVEL=debug, like Nest's own.
    this.logger.debug(`Authorization server ${this.settings.issuer} ready in ${this.constructionMs?.toFixed(1)} ms`);
  }

  /** The provider, built on first use. */
  get provider(): Provider {
    if (!this.instance) {
      const started = performance.now();
      this.instance = createOAuthProvider({
        db: narrowDatabase<OAuthDatabase, OAuthHostDatabase>(this.db),
        settings: this.settings,
        keys: new OAuthKeys(() => this.secret.get()),
        clientMetadata: this.clientMetadata,
        grantRevoked: (grantId, accountId) => {
          if (this.revokedGrants.size >= REVOKED_GRANTS_KEPT) this.revokedGrants.clear();
          this.revokedGrants.set(grantId, accountId);
        },
        // Each exchange and refresh asks the host's People, and refreshes the platform's record of the person: a role
        // changed there reaches the MCP endpoint, whose check reads the record, with the next access token.
        confirmAccount: async (accountId) => {
          const person = await this.people.findPerson(accountId);
          if (person) await this.records.record(person);
          return person !== null;
        },
      });
      this.constructionMs = performance.now() - started;
      // The client sees "server_error" only; the cause belongs in the host's log.
      this.instance.on('server_error', (_ctx, error: Error) => this.logger.error(`Authorization server error: ${error.stack ?? error.message}`));
      // At the token endpoint a revoked grant is the library's reuse detection: a code or refresh token came back.
      this.instance.on('grant.revoked', (ctx: KoaContextWithOIDC, grantId: string) => {
        const revokedFor = this.revokedGrants.get(grantId);
        this.revokedGrants.delete(grantId);
        const accountId = ctx.oidc?.entities.Grant?.accountId ?? ctx.oidc?.entities.RefreshToken?.accountId ?? revokedFor;
        if (ctx.oidc?.route !== 'token' || !accountId || !ctx.oidc.client) return;
        void this.audit.record({
          action: 'grant_revoked_reuse',
          subject: accountId,
          client_id: ctx.oidc.client.clientId,
          client_name: ctx.oidc.client.clientName ?? null,
          details: { grant_id: grantId, grant_type: ctx.oidc.params?.grant_type === 'refresh_token' ? 'refresh_token' : 'authorization_code' },
        });
      });
    }
    return this.instance;
  }

  /** The provider's Node request handler, for the routes it serves. */
  get callback(): ReturnType<Provider['callback']> {
    this.handler ??= this.provider.callback();
    return this.handler;
  }
}
