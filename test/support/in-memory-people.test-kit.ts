/**
 * An application's own people, in memory, behind the `People` port: the
 * shape an application with users of its own implements, for the specs of
 * the libraries that ask the port (sign-in, sessions, approvals, audit page).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Organization, People, PeopleAction, Person } from '@kobana/people';

/** A person of the store, with their password and a credentials version that a new password bumps. */
export interface InMemoryPerson extends Person {
  password: string;
  /** Bumped by {@link InMemoryPeople.setPassword}: the session stamp. */
  version?: number;
}

/** People kept in a map, each action allowed to the roles `permissions` lists. */
export class InMemoryPeople implements People {
  private readonly people = new Map<string, InMemoryPerson>();
  private readonly organizations = new Map<string, Organization>();
  /** Every call, by method name, so a spec can tell the port was asked. */
  readonly calls: string[] = [];

  constructor(
    people: InMemoryPerson[],
    organizations: Organization[],
    private readonly permissions: Record<PeopleAction, readonly string[]> = { 'approvals.decide': ['lead'], 'audit.read': ['lead'] },
  ) {
    for (const person of people) this.people.set(person.id, { version: 1, ...person });
    for (const organization of organizations) this.organizations.set(organization.id, organization);
  }

  async checkSignIn(email: string, password: string): Promise<Person | null> {
    this.calls.push('checkSignIn');
    const person = [...this.people.values()].find((candidate) => candidate.email === email);
    // Digests of equal length, so the comparison is constant-time whoever is asked for.
    const given = createHash('sha256').update(password).digest();
    const expected = createHash('sha256')
      .update(person?.password ?? '\0')
      .digest();
    return person && timingSafeEqual(given, expected) ? this.public(person) : null;
  }

  async findPerson(id: string): Promise<Person | null> {
    this.calls.push('findPerson');
    const person = this.people.get(id);
    return person ? this.public(person) : null;
  }

  async findOrganization(id: string): Promise<Organization | null> {
    this.calls.push('findOrganization');
    return this.organizations.get(id) ?? null;
  }

  async sessionStamp(person: Person): Promise<string> {
    this.calls.push('sessionStamp');
    return `v${this.people.get(person.id)?.version ?? 0}`;
  }

  async may(person: Person, action: PeopleAction): Promise<boolean> {
    this.calls.push(`may:${action}`);
    return this.permissions[action].includes(person.role);
  }

  /** A new password, which ends the person's sessions. */
  setPassword(id: string, password: string): void {
    const person = this.people.get(id)!;
    this.people.set(id, { ...person, password, version: (person.version ?? 1) + 1 });
  }

  /** A new role, as the application's own administration would give it. */
  setRole(id: string, role: string): void {
    this.people.set(id, { ...this.people.get(id)!, role });
  }

  /** A new e-mail, as the application's own administration would give it. */
  setEmail(id: string, email: string): void {
    this.people.set(id, { ...this.people.get(id)!, email });
  }

  /** Adds a person, as the application would when someone joins. */
  add(person: InMemoryPerson): void {
    this.people.set(person.id, { version: 1, ...person });
  }

  /** Removes the person, as the application would when they leave. */
  remove(id: string): void {
    this.people.delete(id);
  }

  private public({ id, organization_id, email, role }: InMemoryPerson): Person {
    return { id, organization_id, email, role };
  }
}
