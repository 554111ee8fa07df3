import type { IdentityOptions } from '@kobana/identity';
import type { HostDescriptor } from '../host-descriptor.interface';

/**
 * The identity options of `host`: `<tokenPrefix>_<audience>_…` tokens (so a
 * leaked one is told from another host's, and no host accepts another's),
 * its roles, every scope by default, generated users `<role>@<slug>.<name>.local`,
 * and who of its people may read `/audit` (`auditRoles`).
 */
export function hostIdentityOptions(host: Pick<HostDescriptor, 'name' | 'tokenPrefix' | 'roles' | 'scopes' | 'identity' | 'auditRoles'>): IdentityOptions {
  return {
    tokenPrefix: host.tokenPrefix,
    roles: host.roles,
    defaultScopes: host.scopes.map((entry) => entry.scope),
    generatedEmailDomain: `${host.name}.local`,
    apiRealm: `${host.name}-api`,
    ...(host.auditRoles ? { permissions: { 'audit.read': host.auditRoles } } : {}),
    ...host.identity,
  };
}
