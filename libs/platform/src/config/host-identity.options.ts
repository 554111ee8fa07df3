import type { IdentityOptions } from '@kobana/identity';
import type { HostDescriptor } from '../host-descriptor.interface';
import { DEFAULT_AUDIT_ROLES } from '../host.constants';

/**
 * The identity options of `host`: `<tokenPrefix>_<audience>_…` tokens (so a
 * leaked one is told from another host's, and no host accepts another's),
 * its roles, every scope by default, generated users `<role>@<slug>.<name>.local`,
 * and who of its people may read `/audit` (`auditRoles`, with the same
 * default as the audit route and tool, so the page and the API never disagree).
 */
export function hostIdentityOptions(host: Pick<HostDescriptor, 'name' | 'tokenPrefix' | 'roles' | 'scopes' | 'identity' | 'auditRoles'>): IdentityOptions {
  return {
    tokenPrefix: host.tokenPrefix,
    roles: host.roles,
    defaultScopes: host.scopes.map((entry) => entry.scope),
    generatedEmailDomain: `${host.name}.local`,
    apiRealm: `${host.name}-api`,
    permissions: { 'audit.read': host.auditRoles ?? DEFAULT_AUDIT_ROLES },
    ...host.identity,
  };
}
