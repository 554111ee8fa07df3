import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import type { Organization, People, PeopleAction, Person } from '@kobana/people';
import type { NotebookRole } from '../notebook.constants';
import type { Member, MembersSeed } from './member.interface';

/** Length of a password hash, in bytes. */
const HASH_BYTES = 32;

/** Length of a salt, in bytes. */
const SALT_BYTES = 16;

/** Which of the application's roles may do what the platform asks about. */
const PERMISSIONS: Record<PeopleAction, readonly NotebookRole[]> = {
  'approvals.decide': ['owner'],
  'audit.read': ['owner'],
};

/** `scrypt` as a promise: a sign-in must not block the event loop for the time of a hash. */
function hashPassword(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, HASH_BYTES, (error, key) => (error ? reject(error) : resolve(key))));
}

/**
 * The Notebook's own members, in memory, behind the platform's `People`
 * port: the platform's sign-in page asks {@link checkSignIn}, its sessions
 * {@link sessionStamp}, its approval and audit pages {@link may}. Nothing of
 * this lives in the platform's tables; the platform only keeps a record of
 * each member it confirmed (`PersonRecords`). An application with a table
 * of users reads it here instead of a list.
 */
export class MembersStore implements People {
  private readonly byEmail = new Map<string, Member>();
  private readonly byId = new Map<string, Member>();
  private readonly organizations = new Map<string, Organization>();
  /** What an unknown e-mail is checked against, so that it costs one scrypt like a known one. */
  private readonly decoy: Pick<Member, 'salt' | 'hash'>;

  constructor(seed: MembersSeed) {
    for (const organization of seed.organizations) this.organizations.set(organization.id, organization);
    for (const { password, ...person } of seed.members) {
      const salt = randomBytes(SALT_BYTES);
      const member: Member = { person: { ...person, email: normalized(person.email) }, salt, hash: scryptSync(password, salt, HASH_BYTES) };
      this.byEmail.set(member.person.email, member);
      this.byId.set(member.person.id, member);
    }
    const salt = randomBytes(SALT_BYTES);
    this.decoy = { salt, hash: scryptSync(randomBytes(SALT_BYTES), salt, HASH_BYTES) };
  }

  /** One scrypt and one constant-time comparison whether or not the e-mail is a member's. */
  async checkSignIn(email: string, password: string): Promise<Person | null> {
    const member = this.byEmail.get(normalized(email));
    const { salt, hash } = member ?? this.decoy;
    const matches = timingSafeEqual(await hashPassword(password, salt), hash);
    return member && matches ? { ...member.person } : null;
  }

  async findPerson(id: string): Promise<Person | null> {
    const member = this.byId.get(id);
    return member ? { ...member.person } : null;
  }

  async findOrganization(id: string): Promise<Organization | null> {
    return this.organizations.get(id) ?? null;
  }

  /** A digest of the password's hash: it changes with the password, and tells nothing of it; for someone gone, one that matches no session. */
  async sessionStamp(person: Person): Promise<string> {
    const member = this.byId.get(person.id);
    return createHash('sha256')
      .update(member?.hash ?? randomBytes(HASH_BYTES))
      .digest('base64url');
  }

  async may(person: Person, action: PeopleAction): Promise<boolean> {
    return (PERMISSIONS[action] as readonly string[]).includes(person.role);
  }
}

/** E-mails compare without case or surrounding spaces. */
function normalized(email: string): string {
  return email.trim().toLowerCase();
}
