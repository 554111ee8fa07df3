import type { HostDescriptor } from '../host-descriptor.interface';
import { DEFAULT_AUDIT_ROLES } from '../host.constants';
import { HostMessages } from '../host.messages';

/** Who reads a host's audit trail through its API, with the descriptor's defaults completed. */
export interface HostAuditOptions {
  /** The roles `<name>_audit_events_list` is listed for, and identity's `audit.read`. */
  roles: readonly string[];
  /** The scope the tool needs (an `/api/v1` token carries none to check). */
  scope: string;
  /** What a caller its `People` refuses is told (403). */
  refusal: string;
}

/**
 * The audit options of `host`, its defaults merged here and nowhere else.
 * With identity's people, `auditRoles` says who may read (identity's
 * `audit.read` asks the same list). With the host's own people, their
 * `People.may(person, 'audit.read')` decides at each call, so the tool is
 * listed for every role by default: a list narrower than the port's answer
 * would hide the tool from someone it allows.
 *
 * @throws Error when `auditScope` is none of the host's scopes: no token could carry it.
 */
export function hostAuditOptions(
  host: Pick<HostDescriptor, 'name' | 'roles' | 'scopes' | 'people' | 'auditRoles' | 'auditScope' | 'auditRefusal'>,
): HostAuditOptions {
  const scope = host.auditScope ?? `${host.name}:read`;
  const scopes = host.scopes.map((entry) => entry.scope);
  if (!scopes.includes(scope)) throw new Error(HostMessages.auditScopeUnknown(scope, scopes));
  return {
    roles: host.auditRoles ?? (host.people ? host.roles : DEFAULT_AUDIT_ROLES),
    scope,
    refusal: host.auditRefusal ?? HostMessages.auditForbidden(),
  };
}
