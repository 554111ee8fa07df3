import type { Organization, Person } from '@kobana/people';

/** A member as the application keeps them: the person the platform sees, and the scrypt hash of their password. */
export interface Member {
  person: Person;
  /** Random salt of the hash, one per member. */
  salt: Buffer;
  /** `scrypt(password, salt)`. */
  hash: Buffer;
}

/** A member before their password is hashed: what the application's list states. */
export interface MemberEntry extends Person {
  password: string;
}

/** The organizations and members the application starts with. */
export interface MembersSeed {
  organizations: Organization[];
  members: MemberEntry[];
}
