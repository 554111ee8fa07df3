import type { InjectionToken, ModuleMetadata } from '@nestjs/common';
import type { PeopleAction } from '@kobana/people';

/** Injection token of the host's `Kysely` database, which has the identity tables (see `IdentityDatabase`). */
export const IDENTITY_DATABASE = Symbol('IdentityDatabase');

/** Injection token of the host's {@link IdentityOptions}. */
export const IDENTITY_OPTIONS = Symbol('IdentityOptions');

/** What makes one host's identity its own: its tokens, roles, scopes and e-mail domain. */
export interface IdentityOptions {
  /**
   * First part of every token the host mints (`kadu` → `kadu_mcp_…`): lower-case
   * letters and digits. A token with another prefix is refused, so a token of
   * one host never opens another.
   */
  tokenPrefix: string;
  /** Roles a person may hold in an organization, from most to least powerful. */
  roles: readonly string[];
  /** Scopes a token gets when none are asked for: everything the host's tools and routes declare. */
  defaultScopes: readonly string[];
  /** Domain of the e-mails given to generated users (`<role>@<slug>.<domain>`); use a `.local` one, which never routes mail. */
  generatedEmailDomain: string;
  /** Realm named in the `WWW-Authenticate` challenge of the host's `/api/v1`. */
  apiRealm: string;
  /**
   * Values of the columns the host adds to `organizations` (Kadu: `plan`),
   * from what `ensureOrganization` was asked for besides the name. Absent when
   * the host adds none.
   *
   * @throws IdentityError for a value the host refuses.
   */
  organizationValues?(requested: Readonly<Record<string, unknown>>): Record<string, string>;
  /**
   * Roles that may do each action the platform asks `People.may` about
   * (`IdentityPeople`); an action not listed keeps its default.
   * @default { 'approvals.decide': ['owner', 'admin'], 'audit.read': ['owner', 'admin'] }
   */
  permissions?: Partial<Record<PeopleAction, readonly string[]>>;
}

/** How a host registers `IdentityModule`. */
export interface IdentityHostOptions {
  /** Modules that provide `database`. */
  imports: NonNullable<ModuleMetadata['imports']>;
  /** The host's database token. */
  database: InjectionToken;
  options: IdentityOptions;
}
