import { Kysely, sql } from 'kysely';
import type { People, Person, PersonRecords } from '@kobana/people';
import type { IdentityOptions } from './identity.options';
import type { IdentityDatabase } from './identity.table';

/** What a stale record's e-mail becomes: unique (its id), and never deliverable (RFC 2606's `.invalid`). */
const supersededEmail = sql<string>`id || '@superseded.invalid'`;

/** What a stale organization record's slug becomes: unique (its id), and plainly not the application's. */
const supersededSlug = sql<string>`'superseded-' || id`;

/**
 * The platform's records of the people an application's own {@link People}
 * confirmed, in identity's tables: the row of `users` every library table
 * points at (OAuth records, approvals, sessions, audit events), and the row
 * of their organization in `organizations`. A record's `password_hash` is
 * always NULL, so identity's own password check never accepts it; its role
 * and e-mail are refreshed each time the person is confirmed (sign-in,
 * consent, token exchange and refresh), which is when a role change reaches
 * the MCP endpoint. A row already up to date is not written again.
 *
 * A record takes the e-mail and the organization's slug as the application
 * gives them. Both are unique in identity's tables while the application
 * may give one to someone new (an e-mail passed on, a slug renamed), and the
 * application is the one that knows: a record still holding it under
 * another id gives it up ({@link supersededEmail}, {@link supersededSlug})
 * until its own person or organization is confirmed again.
 */
export class IdentityPersonRecords implements PersonRecords {
  constructor(
    private readonly db: Kysely<IdentityDatabase>,
    private readonly people: People,
    private readonly options: Pick<IdentityOptions, 'organizationValues'> = {},
  ) {}

  async record(person: Person): Promise<void> {
    const organization = await this.people.findOrganization(person.organization_id);
    if (!organization) throw new Error(`The organization ${person.organization_id} of person ${person.id} is unknown to the application's People`);
    const now = new Date().toISOString();
    // Columns the host adds to `organizations` (Kadu: `plan`) get the values identity gives an organization asked for nothing.
    const hostValues = this.options.organizationValues?.({}) ?? {};
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('organizations').set({ slug: supersededSlug }).where('slug', '=', organization.slug).where('id', '!=', organization.id).execute();
      await trx.updateTable('users').set({ email: supersededEmail }).where('email', '=', person.email).where('id', '!=', person.id).execute();
      await trx
        .insertInto('organizations')
        .values({ ...hostValues, id: organization.id, slug: organization.slug, name: organization.name, created_at: now })
        .onConflict((conflict) =>
          conflict
            .column('id')
            .doUpdateSet({ slug: organization.slug, name: organization.name })
            .where((eb) => eb.or([eb('organizations.slug', '!=', organization.slug), eb('organizations.name', '!=', organization.name)])),
        )
        .execute();
      await trx
        .insertInto('users')
        .values({ id: person.id, organization_id: person.organization_id, email: person.email, password_hash: null, role: person.role, created_at: now })
        .onConflict((conflict) =>
          conflict
            .column('id')
            .doUpdateSet({ organization_id: person.organization_id, email: person.email, role: person.role, password_hash: null })
            .where((eb) =>
              eb.or([
                eb('users.organization_id', '!=', person.organization_id),
                eb('users.email', '!=', person.email),
                eb('users.role', '!=', person.role),
                eb('users.password_hash', 'is not', null),
              ]),
            ),
        )
        .execute();
    });
  }
}
