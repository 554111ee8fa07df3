import { Inject } from '@nestjs/common';

/**
 * Injection token of the host's `Kysely<Database>`: the one database every
 * library and feature of a host reads, opened and migrated by the platform.
 */
export const HOST_DATABASE = Symbol('HostDatabase');

/** Injection token of the `HostDescriptor` the application was built from. */
export const HOST_DESCRIPTOR = Symbol('HostDescriptor');

/** Injection token of the host's `HostSettings` (the shared settings, whatever the prefix). */
export const HOST_SETTINGS = Symbol('HostSettings');

/** Injects the host's `Kysely<Database>` ({@link HOST_DATABASE}). */
export const InjectHostDatabase = (): ParameterDecorator => Inject(HOST_DATABASE);

/** Who of identity's people may read the audit trail when the descriptor names no `auditRoles`: the events name people and what they asked for. */
export const DEFAULT_AUDIT_ROLES: readonly string[] = ['owner', 'admin'];
