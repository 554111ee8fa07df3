import { Injectable } from '@nestjs/common';
import { Kysely, Selectable } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { McpCaller } from '@kobana/mcp';
import { hashTokenSecret, tokenHashesEqual } from '../../../src/identity/access-token.codec';
import { newAccessTokenRow } from '../../../src/identity/access-token.row';
import { hashPassword, unusablePasswordHash, verifyPasswordHash } from '../../../src/identity/password.hasher';
import { ORGANIZATION_SLUG_PATTERN, SCOPE_PATTERN } from '../../../src/identity/identity.constants';
import { IdentityError } from '../../../src/identity/identity.error';
import { TOKEN_AUDIENCES, TokenAudience } from '../../../src/identity/identity.types';
import { BILLING_ALL_SCOPES } from '../billing.constants';
import { BillingDatabase } from '../database/billing-database.interface';
import { InjectBillingDatabase } from '../database/inject-billing-database.decorator';
import { BILLING_ROLES, BillingRole } from './billing-roles';
import { BillingOrganizationsTable, BillingUsersTable } from './billing-identity.tables';
import { formatBillingToken, parseBillingToken } from './billing-token.codec';

// Compared against when the token id is unknown, so a miss costs what a wrong secret costs.
const NO_SUCH_TOKEN_HASH = hashTokenSecret('no-such-token');
// Kadu's minimum: a password is typed by a person, never generated short.
const MIN_PASSWORD_LENGTH = 12;

/** A user as the rest of Billing sees it: the password hash never leaves the service. */
export type BillingUser = Omit<Selectable<BillingUsersTable>, 'password_hash'>;

/** What {@link BillingIdentityService.createToken} needs. */
export interface BillingTokenOptions {
  organization: string;
  role: BillingRole;
  /** @default 'mcp' */
  audience?: TokenAudience;
  /** @default every Billing scope */
  scopes?: string[];
  clientId?: string;
  clientName?: string | null;
  /** @default null: never expires */
  expiresInDays?: number | null;
}

const USER_COLUMNS = ['id', 'organization_id', 'email', 'role', 'created_at'] as const;

/**
 * Organizations, users and tokens of Billing, on Kadu's token codec (random
 * 256-bit secret, SHA-256 stored, constant-time compare). Every `ensure*` is
 * idempotent and safe when processes race (insert-if-absent, then read).
 */
@Injectable()
export class BillingIdentityService {
  constructor(@InjectBillingDatabase() private readonly db: Kysely<BillingDatabase>) {}

  /** The organization with this slug, created when missing. */
  async ensureOrganization(slug: string, name = slug): Promise<Selectable<BillingOrganizationsTable>> {
    if (!ORGANIZATION_SLUG_PATTERN.test(slug)) throw new IdentityError(`Invalid organization slug "${slug}"`);
    await this.db
      .insertInto('organizations')
      .values({ id: randomUUID(), slug, name, created_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('slug').doNothing())
      .execute();
    return this.db.selectFrom('organizations').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
  }

  /**
   * The user `<role>@<slug>.billing.local`, created when missing.
   * @throws IdentityError when it exists with another role: a role never changes as a side effect.
   */
  async ensureUser(organization: Selectable<BillingOrganizationsTable>, role: BillingRole): Promise<BillingUser> {
    if (!BILLING_ROLES.includes(role)) throw new IdentityError(`Unknown role "${role}": use ${BILLING_ROLES.join(', ')}`);
    const email = `${role}@${organization.slug}.billing.local`;
    await this.db
      .insertInto('users')
      .values({ id: randomUUID(), organization_id: organization.id, email, role, created_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .execute();
    const user = await this.db.selectFrom('users').select(USER_COLUMNS).where('email', '=', email).executeTakeFirstOrThrow();
    if (user.organization_id !== organization.id || user.role !== role) throw new IdentityError(`User ${email} exists with another role`);
    return user;
  }

  /**
   * The user an e-mail and password stand for, or `null`. A missing user or
   * password costs one scrypt like a wrong password, so timing tells nothing.
   */
  async verifyPassword(email: string, password: string): Promise<BillingUser | null> {
    const row = await this.db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
    const matches = await verifyPasswordHash(password, row?.password_hash ?? (await unusablePasswordHash()));
    if (!matches || !row) return null;
    const { password_hash: _hash, ...user } = row;
    return user;
  }

  /**
   * Sets a user's password (scrypt hash). With `onlyIfUnset`, a password set
   * before (another replica, an earlier start) is kept and `false` answered.
   * @throws IdentityError when shorter than 12 characters.
   */
  async setPassword(userId: string, password: string, options: { onlyIfUnset?: boolean } = {}): Promise<boolean> {
    if (password.length < MIN_PASSWORD_LENGTH) throw new IdentityError(`A password needs at least ${MIN_PASSWORD_LENGTH} characters`);
    let update = this.db.updateTable('users').set({ password_hash: await hashPassword(password) }).where('id', '=', userId);
    if (options.onlyIfUnset) update = update.where('password_hash', 'is', null);
    return (await update.executeTakeFirst()).numUpdatedRows === 1n;
  }

  /** Mints a token; the returned string is the only copy of the secret. */
  async createToken(options: BillingTokenOptions): Promise<{ token: string; id: string; scopes: string[]; expires_at: string | null }> {
    const audience = options.audience ?? 'mcp';
    if (!TOKEN_AUDIENCES.includes(audience)) throw new IdentityError(`Unknown audience "${audience}": use mcp or api`);
    const scopes = [...new Set(options.scopes ?? BILLING_ALL_SCOPES)];
    const bad = scopes.find((scope) => !SCOPE_PATTERN.test(scope));
    if (bad !== undefined) throw new IdentityError(`Invalid scope "${bad}"`);
    const organization = await this.ensureOrganization(options.organization);
    const user = await this.ensureUser(organization, options.role);
    const { row, secret } = newAccessTokenRow({
      organizationId: organization.id,
      userId: user.id,
      audience,
      scopes,
      clientId: options.clientId,
      clientName: options.clientName,
      expiresInDays: options.expiresInDays ?? null,
    });
    await this.db.insertInto('access_tokens').values(row).execute();
    return { token: formatBillingToken(audience, row.id, secret), id: row.id, scopes, expires_at: row.expires_at };
  }

  /** The caller a token stands for, or `null` when malformed, unknown, revoked, expired or for another audience. */
  async verify(token: string, audience: TokenAudience): Promise<McpCaller | null> {
    const parsed = parseBillingToken(token);
    if (!parsed || parsed.audience !== audience) return null;
    const row = await this.db
      .selectFrom('access_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .selectAll('t')
      .select(['u.role', 'u.organization_id as user_organization_id'])
      .where('t.id', '=', parsed.id)
      .executeTakeFirst();
    const matches = tokenHashesEqual(hashTokenSecret(parsed.secret), row?.token_hash ?? NO_SUCH_TOKEN_HASH);
    const now = new Date().toISOString();
    if (!row || !matches || row.audience !== audience || row.revoked_at !== null) return null;
    if ((row.expires_at !== null && row.expires_at <= now) || row.user_organization_id !== row.organization_id) return null;
    return {
      subject: row.user_id,
      organization_id: row.organization_id,
      client_id: row.client_id,
      client_name: row.client_name,
      scopes: JSON.parse(row.scopes) as string[],
      roles: [row.role],
    };
  }
}
