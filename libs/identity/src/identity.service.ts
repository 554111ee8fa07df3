import { Inject, Injectable } from '@nestjs/common';
import { Kysely, Selectable } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { McpCaller } from '@kobana/mcp';
import { narrowDatabase } from '@kobana/database';
import { AccessTokenCodec, hashTokenSecret, tokenHashesEqual } from './access-token.codec';
import { ORGANIZATION_SLUG_PATTERN, SCOPE_PATTERN } from './identity.constants';
import { IdentityError } from './identity.error';
import { toTokenRecord, toUserRecord } from './identity-records.util';
import { IDENTITY_DATABASE, IDENTITY_OPTIONS, IdentityOptions } from './identity.options';
import { AccessTokensTable, IdentityDatabase } from './identity.table';
import { newAccessTokenRow } from './access-token.factory';
import {
  AccessTokenRecord,
  CreatedToken,
  CreateTokenOptions,
  ListedToken,
  OrganizationOptions,
  OrganizationRecord,
  TOKEN_AUDIENCES,
  TokenAudience,
  TokenListFilter,
  UserRecord,
} from './identity.interface';
import { hashPassword, unusablePasswordHash, verifyPasswordHash } from './password-hash.util';

const MIN_PASSWORD_LENGTH = 12;
// Compared against when the token id is unknown, so a miss costs what a wrong secret costs.
const NO_SUCH_TOKEN_HASH = hashTokenSecret('no-such-token');

/**
 * Organizations, users and access tokens of one host, configured by its
 * {@link IdentityOptions}. Tokens are `<prefix>_<audience>_<id>_<secret>`;
 * only the SHA-256 of the secret is stored, and a token is good only for the
 * audience it was minted for. Every `ensure*` is idempotent and safe when
 * replicas race (insert-if-absent, then read).
 *
 * @typeParam Host the host's database, checked to have the identity tables.
 */
@Injectable()
export class IdentityService<Host extends IdentityDatabase = IdentityDatabase> {
  private readonly db: Kysely<IdentityDatabase>;
  private readonly codec: AccessTokenCodec;

  constructor(
    @Inject(IDENTITY_DATABASE) db: Kysely<Host>,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
  ) {
    this.db = narrowDatabase<IdentityDatabase, Host>(db);
    this.codec = new AccessTokenCodec(options.tokenPrefix);
  }

  /**
   * The organization with this slug, created (named after the slug, with the
   * host's own columns from `options`, see `IdentityOptions.organizationValues`)
   * when missing.
   */
  async ensureOrganization(slug: string, options: OrganizationOptions = {}): Promise<OrganizationRecord> {
    if (!ORGANIZATION_SLUG_PATTERN.test(slug)) {
      throw new IdentityError(`Invalid organization slug "${slug}": use a-z, 0-9 and inner hyphens, at most 63 characters`);
    }
    const { name, ...requested } = options;
    const hostValues = this.options.organizationValues?.(requested) ?? {};
    await this.db
      .insertInto('organizations')
      .values({ ...hostValues, id: randomUUID(), slug, name: name ?? slug, created_at: now() })
      .onConflict((conflict) => conflict.column('slug').doNothing())
      .execute();
    return this.db.selectFrom('organizations').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
  }

  /**
   * The user with `email` (default `<role>@<slug>.<generatedEmailDomain>`),
   * created in `organization` with `role` when missing.
   *
   * @throws IdentityError for a role the host does not have, or when that
   *   e-mail belongs to another organization or holds another role: a role is
   *   never changed as a side effect.
   */
  async ensureUser(organization: OrganizationRecord, role: string, options: { email?: string } = {}): Promise<UserRecord> {
    this.checkRole(role);
    const email = normalizeEmail(options.email ?? `${role}@${organization.slug}.${this.options.generatedEmailDomain}`);
    const user =
      (await this.findUserByEmail(email)) ??
      (await this.createUser(organization, role, { email })) ??
      // Another process created it between our read and our insert.
      (await this.findUserByEmail(email));
    if (!user) throw new IdentityError(`User ${email} vanished while being created`);
    if (user.organization_id !== organization.id) {
      throw new IdentityError(`User ${email} already exists in another organization`);
    }
    if (user.role !== role) throw new IdentityError(`User ${email} already exists with role ${user.role}, not ${role}`);
    return user;
  }

  /**
   * Creates a user, with a password when one is given.
   * @returns the new user, or `null` when the e-mail is taken (nothing changes then).
   */
  async createUser(organization: OrganizationRecord, role: string, options: { email: string; password?: string }): Promise<UserRecord | null> {
    this.checkRole(role);
    const email = normalizeEmail(options.email);
    const passwordHash = options.password === undefined ? null : await hashPassword(checkPassword(options.password));
    const id = randomUUID();
    await this.db
      .insertInto('users')
      .values({ id, organization_id: organization.id, email, password_hash: passwordHash, role, created_at: now() })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .execute();
    const user = await this.findUserByEmail(email);
    return user?.id === id ? user : null;
  }

  /** The user with this e-mail (case-insensitive), or `null`. */
  async findUserByEmail(email: string): Promise<UserRecord | null> {
    const row = await this.db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
    return row ? toUserRecord(row) : null;
  }

  /**
   * Replaces a user's password (stored as an scrypt hash). With `onlyIfUnset`,
   * a password set before (another replica, an earlier start) is kept.
   * @returns `false` when the user does not exist (or, with `onlyIfUnset`, already has a password).
   */
  async setPassword(userId: string, password: string, options: { onlyIfUnset?: boolean } = {}): Promise<boolean> {
    const passwordHash = await hashPassword(checkPassword(password));
    let update = this.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId);
    if (options.onlyIfUnset) update = update.where('password_hash', 'is', null);
    const result = await update.executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * The user whose e-mail and password match, or `null`. Takes as long for an
   * unknown (or malformed) e-mail as for a wrong password, so it does not
   * reveal accounts.
   */
  async verifyPassword(email: string, password: string): Promise<UserRecord | null> {
    // Not normalizeEmail: a malformed address is a wrong sign-in, not an error.
    const row = await this.db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
    const matches = await verifyPasswordHash(password, row?.password_hash ?? (await unusablePasswordHash()));
    return matches && row ? toUserRecord(row) : null;
  }

  /**
   * Mints a token for the user of `role` in `organization`, creating either
   * when missing. The returned `token` is the only copy of the secret.
   */
  async createToken(options: CreateTokenOptions): Promise<CreatedToken> {
    const audience = options.audience ?? 'mcp';
    if (!TOKEN_AUDIENCES.includes(audience)) throw new IdentityError(`Unknown audience "${audience}": use mcp or api`);
    const scopes = [...new Set(options.scopes ?? this.options.defaultScopes)];
    const badScope = scopes.find((scope) => !SCOPE_PATTERN.test(scope));
    if (badScope !== undefined) throw new IdentityError(`Invalid scope "${badScope}"`);
    const days = options.expiresInDays ?? null;
    if (days !== null && !(Number.isFinite(days) && days > 0)) {
      throw new IdentityError('expiresInDays must be a positive number');
    }

    const organization = typeof options.organization === 'string' ? await this.ensureOrganization(options.organization) : options.organization;
    const user = await this.ensureUser(organization, options.role, { email: options.email });
    const { row, secret } = newAccessTokenRow({
      organizationId: organization.id,
      userId: user.id,
      audience,
      scopes,
      clientId: options.clientId,
      clientName: options.clientName,
      expiresInDays: days,
    });
    await this.db.insertInto('access_tokens').values(row).execute();
    return { token: this.codec.format(audience, row.id, secret), record: toTokenRecord(row) };
  }

  /**
   * The caller a token stands for, or `null` when it is malformed, unknown,
   * revoked, expired, or minted for another audience. The secret's hash is
   * compared in constant time.
   */
  async verify(token: string, audience: TokenAudience): Promise<McpCaller | null> {
    const parsed = this.codec.parse(token);
    if (!parsed || parsed.audience !== audience) return null;
    const row = await this.db
      .selectFrom('access_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .selectAll('t')
      .select(['u.role', 'u.organization_id as user_organization_id'])
      .where('t.id', '=', parsed.id)
      .executeTakeFirst();
    const secretMatches = tokenHashesEqual(hashTokenSecret(parsed.secret), row?.token_hash ?? NO_SUCH_TOKEN_HASH);
    if (!row || !secretMatches || !isUsable(row, audience)) return null;
    return {
      subject: row.user_id,
      organization_id: row.organization_id,
      client_id: row.client_id,
      client_name: row.client_name,
      scopes: JSON.parse(row.scopes) as string[],
      roles: [row.role],
    };
  }

  /**
   * The tokens of an organization (of one of its users, with `email`), newest
   * first: their metadata and a hint (`<prefix>_<audience>_<id start>…`), never
   * the secret, which is not stored.
   *
   * @throws IdentityError when the organization, or the user in it, does not exist.
   */
  async listTokens(filter: TokenListFilter): Promise<ListedToken[]> {
    const organization = await this.db.selectFrom('organizations').select('id').where('slug', '=', filter.organization).executeTakeFirst();
    if (!organization) throw new IdentityError(`No organization has the slug ${filter.organization}`);
    let query = this.db
      .selectFrom('access_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .selectAll('t')
      .select('u.email as user_email')
      .where('t.organization_id', '=', organization.id)
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id');
    if (filter.email !== undefined) {
      const user = await this.findUserByEmail(filter.email);
      if (!user || user.organization_id !== organization.id) {
        throw new IdentityError(`No user of ${filter.organization} has the e-mail ${filter.email}`);
      }
      query = query.where('t.user_id', '=', user.id);
    }
    const rows = await query.execute();
    return rows.map(({ user_email, ...row }) => ({ ...toTokenRecord(row), user_email, hint: this.codec.hint(row.audience, row.id) }));
  }

  /**
   * Revokes a token by id: the next call with it, to the API or MCP, is refused.
   * With `organization` (a slug), only a token of that organization is touched.
   *
   * @returns `false` when no such token exists (in that organization) or it was already revoked.
   */
  async revokeToken(tokenId: string, options: { organization?: string } = {}): Promise<boolean> {
    let update = this.db.updateTable('access_tokens').set({ revoked_at: now() }).where('id', '=', tokenId).where('revoked_at', 'is', null);
    if (options.organization !== undefined) {
      const slug = options.organization;
      update = update.where('organization_id', 'in', (db) => db.selectFrom('organizations').select('id').where('slug', '=', slug));
    }
    const result = await update.executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Revokes every live token of `organization` minted for `clientId`, except
   * `keep`: what a host's demo seeding does on each start, so restarts never
   * leave more than one demo token working.
   *
   * @returns how many tokens were revoked.
   */
  async revokeClientTokens(organization: OrganizationRecord, clientId: string, options: { keep?: string[] } = {}): Promise<number> {
    let update = this.db
      .updateTable('access_tokens')
      .set({ revoked_at: now() })
      .where('organization_id', '=', organization.id)
      .where('client_id', '=', clientId)
      .where('revoked_at', 'is', null);
    if (options.keep?.length) update = update.where('id', 'not in', options.keep);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** A token's metadata, or `null`. */
  async findToken(tokenId: string): Promise<AccessTokenRecord | null> {
    const row = await this.db.selectFrom('access_tokens').selectAll().where('id', '=', tokenId).executeTakeFirst();
    return row ? toTokenRecord(row) : null;
  }

  private checkRole(role: string): void {
    if (!this.options.roles.includes(role)) throw new IdentityError(`Unknown role "${role}": use ${this.options.roles.join(', ')}`);
  }
}

type VerifiedRow = Selectable<AccessTokensTable> & { user_organization_id: string };

function isUsable(row: VerifiedRow, audience: TokenAudience): boolean {
  return (
    row.audience === audience &&
    row.revoked_at === null &&
    (row.expires_at === null || row.expires_at > now()) &&
    row.user_organization_id === row.organization_id
  );
}

function now(): string {
  return new Date().toISOString();
}

/** Passwords are generated or typed on a sign-in page; this only refuses the trivially weak. */
function checkPassword(password: string): string {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new IdentityError(`A password needs at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  return password;
}

function normalizeEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(normalized)) throw new IdentityError(`Invalid e-mail "${email}"`);
  return normalized;
}
