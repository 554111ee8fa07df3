/**
 * A person the platform acts for: who signs in on its pages, whose grants
 * and approvals they are, in which organization.
 */
export interface Person {
  /** Stable id: the subject of the person's tokens, approvals and audit events. */
  id: string;
  /** The organization the person acts in; one per person. */
  organization_id: string;
  /** What the pages show of the person, and what they sign in with. */
  email: string;
  /** The application's role name, carried into MCP callers' `roles`. */
  role: string;
  /** A name for the pages, when the application has one. @default the e-mail */
  display_name?: string;
}

/** An organization people act in. */
export interface Organization {
  id: string;
  /** Short lower-case name (`a-z`, `0-9`, inner hyphens), unique among organizations: what the CLI names it by. */
  slug: string;
  /** What the consent page names it. */
  name: string;
}

/**
 * What the platform asks permission for:
 * - `approvals.decide`: decide an approval requested by another person of the organization (one's own is always allowed);
 * - `audit.read`: read the organization's `/audit` page.
 */
export type PeopleAction = 'approvals.decide' | 'audit.read';

/**
 * The people of an application, as the authorization server, the sign-in,
 * consent and approval pages, the connected apps and the audit trail see
 * them. `@kobana/identity` implements it over its own tables
 * (`IdentityPeople`); an application with users of its own implements this
 * and nothing else (docs/architecture.md, "People").
 */
export interface People {
  /**
   * The person an e-mail and password stand for, or `null`. MUST take the
   * same time whether or not the e-mail is known (no probing for accounts),
   * and compare secrets in constant time.
   */
  checkSignIn(email: string, password: string): Promise<Person | null>;
  /** The person with this id, or `null` once they are gone (their sessions and refresh tokens then stop). */
  findPerson(id: string): Promise<Person | null>;
  /** The organization with this id, or `null`. */
  findOrganization(id: string): Promise<Organization | null>;
  /**
   * A text that changes whenever the person's credentials change (a new
   * password): sessions started before then end. Stored as given and
   * compared in constant time, so it must not be a secret itself (a digest is).
   */
  sessionStamp(person: Person): Promise<string>;
  /** Whether the person may do `action` in their organization. */
  may(person: Person, action: PeopleAction): Promise<boolean>;
}

/** Injection token of the application's {@link People} (same name, as Nest's own modules do). */
export const People = Symbol('People');
