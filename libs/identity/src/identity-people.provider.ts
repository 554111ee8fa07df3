import { Inject, Injectable } from '@nestjs/common';
import { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import type { Organization, People, PeopleAction, Person } from '@kobana/people';
import { IDENTITY_DATABASE, IDENTITY_OPTIONS, IdentityOptions } from './identity.options';
import { IdentityService } from './identity.service';
import type { IdentityDatabase } from './identity.table';

/** Who may do what when the host says nothing (`IdentityOptions.permissions`). */
const DEFAULT_PERMISSIONS: Record<PeopleAction, readonly string[]> = {
  'approvals.decide': ['owner', 'admin'],
  'audit.read': ['owner', 'admin'],
};

/**
 * The {@link People} of a host whose people are identity's own: the users
 * and organizations tables, passwords checked by `IdentityService`. The
 * rows are the platform's records already, so nothing is written when a
 * person is confirmed.
 */
@Injectable()
export class IdentityPeople implements People {
  private readonly permissions: Record<PeopleAction, readonly string[]>;

  constructor(
    @Inject(IDENTITY_DATABASE) private readonly db: Kysely<IdentityDatabase>,
    @Inject(IDENTITY_OPTIONS) options: IdentityOptions,
    private readonly identity: IdentityService,
  ) {
    this.permissions = { ...DEFAULT_PERMISSIONS, ...options.permissions };
  }

  async checkSignIn(email: string, password: string): Promise<Person | null> {
    const user = await this.identity.verifyPassword(email, password);
    return user && { id: user.id, organization_id: user.organization_id, email: user.email, role: user.role };
  }

  async findPerson(id: string): Promise<Person | null> {
    return (await this.db.selectFrom('users').select(['id', 'organization_id', 'email', 'role']).where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async findOrganization(id: string): Promise<Organization | null> {
    return (await this.db.selectFrom('organizations').select(['id', 'slug', 'name']).where('id', '=', id).executeTakeFirst()) ?? null;
  }

  /**
   * A digest of the person's password hash (the sessions table holds no copy
   * of it), so `password reset` ends their sessions without knowing sessions
   * exist. No password: a stamp no hash produces.
   */
  async sessionStamp(person: Person): Promise<string> {
    const row = await this.db.selectFrom('users').select('password_hash').where('id', '=', person.id).executeTakeFirst();
    const hash = row?.password_hash ?? null;
    return hash === null ? 'none' : createHash('sha256').update(hash).digest('hex');
  }

  async may(person: Person, action: PeopleAction): Promise<boolean> {
    return this.permissions[action].includes(person.role);
  }
}
