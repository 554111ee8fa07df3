import type { IdentityOptions } from '@kobana/identity';
import type { HostCoreDescriptor } from '../host-descriptor.interface';
import { hostAuditOptions } from '../audit/host-audit.options';

/**
 * The identity options of `host`: `<tokenPrefix>_<audience>_…` tokens (so a
 * leaked one is told from another host's, and no host accepts another's),
 * its roles, every scope by default, generated users `<role>@<slug>.<name>.local`,
 * and who of its people may read the audit trail (`auditRoles`, completed
 * by `hostAuditOptions`, so the tool's listing and identity's answer never disagree).
 */
export function hostIdentityOptions(host: HostCoreDescriptor): IdentityOptions {
  return {
    tokenPrefix: host.tokenPrefix,
    roles: host.roles,
    defaultScopes: host.scopes.map((entry) => entry.scope),
    generatedEmailDomain: `${host.name}.local`,
    apiRealm: `${host.name}-api`,
    permissions: { 'audit.read': hostAuditOptions(host).roles },
    ...host.identity,
  };
}
