import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { InjectPeople, People } from '@kobana/people';
import { OAuthAuditRecord, OAuthAuditSink } from '../interfaces/oauth-audit-sink.interface';
import { OAUTH_LOG_CONTEXT } from './oauth-request-log.view';

/** An event before its organization is known: the person's own. */
export type OAuthAuditEntry = Omit<OAuthAuditRecord, 'organization_id' | 'time'>;

/**
 * Records authorization-server events in the host's audit trail, in the
 * organization of the person concerned (docs/security-model.md, "OAuth
 * events in the audit trail"). A trail that fails is logged, never felt by
 * the person or the client.
 */
@Injectable()
export class OAuthAuditRecorder {
  private readonly logger = new Logger(OAUTH_LOG_CONTEXT);

  constructor(
    @InjectPeople() private readonly people: People,
    @Optional() @Inject(OAuthAuditSink) private readonly sink?: OAuthAuditSink,
  ) {}

  /** Records `entry` for a person of `organizationId`, or of their own organization when not given. */
  async record(entry: OAuthAuditEntry, organizationId?: string): Promise<void> {
    if (!this.sink) return;
    try {
      const organization = organizationId ?? (await this.people.findPerson(entry.subject))?.organization_id;
      if (!organization) return;
      await this.sink.recordOAuth({ ...entry, organization_id: organization, time: new Date().toISOString() });
    } catch (error) {
      this.logger.error({ msg: 'OAuth audit event not recorded', action: entry.action, client_id: entry.client_id, err: error });
    }
  }
}
