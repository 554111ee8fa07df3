import { timingSafeEqual } from 'node:crypto';
import { createHash } from 'node:crypto';
import { Kysely } from 'kysely';
import { openTestDatabase } from '../../test/support/test-database';
import { KaduDatabase } from '../database/kadu-database.interface';
import { AccessTokenCodec, IdentityError, IdentityService } from '@kobana/identity';
import { hostIdentityOptions } from '@kobana/platform';
import { KADU } from '../kadu.host';

const KADU_IDENTITY_OPTIONS = hostIdentityOptions(KADU);

// Wrapped (still the real function) so the spec can see that secrets are compared in constant time.
jest.mock('node:crypto', () => {
  const actual = jest.requireActual<typeof import('node:crypto')>('node:crypto');
  return { ...actual, timingSafeEqual: jest.fn(actual.timingSafeEqual) };
});

describe('IdentityService, as Kadu configures it', () => {
  const codec = new AccessTokenCodec(KADU_IDENTITY_OPTIONS.tokenPrefix);
  let db: Kysely<KaduDatabase>;
  let identity: IdentityService;

  beforeEach(async () => {
    db = await openTestDatabase();
    identity = new IdentityService(db, KADU_IDENTITY_OPTIONS);
    jest.mocked(timingSafeEqual).mockClear();
  });
  afterEach(() => db.destroy());

  describe('organizations and users', () => {
    it('ensureOrganization is idempotent and validates the slug', async () => {
      const first = await identity.ensureOrganization('acme', { name: 'Acme', plan: 'team' });
      const again = await identity.ensureOrganization('acme', { name: 'Ignored' });
      expect(again).toEqual(first);
      expect(first).toMatchObject({ slug: 'acme', name: 'Acme', plan: 'team' });
      expect(first.created_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
      await expect(identity.ensureOrganization('Not A Slug')).rejects.toThrow(IdentityError);
    });

    it('ensureUser creates <role>@<slug>.kadu.local once and never changes a role', async () => {
      const acme = await identity.ensureOrganization('acme');
      const viewer = await identity.ensureUser(acme, 'viewer');
      expect(viewer).toMatchObject({ email: 'viewer@acme.kadu.local', role: 'viewer', organization_id: acme.id });
      expect(await identity.ensureUser(acme, 'viewer')).toEqual(viewer);
      await expect(identity.ensureUser(acme, 'owner', { email: 'viewer@acme.kadu.local' })).rejects.toThrow(/with role viewer, not owner/);
      const other = await identity.ensureOrganization('other');
      await expect(identity.ensureUser(other, 'viewer', { email: 'VIEWER@acme.kadu.local' })).rejects.toThrow(/another organization/);
    });

    it('createUser answers null when the e-mail is taken', async () => {
      const acme = await identity.ensureOrganization('acme');
      expect(await identity.createUser(acme, 'admin', { email: 'a@acme.test' })).not.toBeNull();
      expect(await identity.createUser(acme, 'admin', { email: 'A@acme.test' })).toBeNull();
    });
  });

  describe('passwords', () => {
    it('stores an scrypt hash with a random salt and verifies it', async () => {
      const acme = await identity.ensureOrganization('acme');
      const password = 'correct horse battery staple';
      const user = await identity.createUser(acme, 'owner', { email: 'owner@acme.test', password });
      const twin = await identity.createUser(acme, 'owner', { email: 'twin@acme.test', password });
      const hashes = await db.selectFrom('users').select('password_hash').orderBy('email').execute();
      expect(hashes[0].password_hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
      expect(hashes[0].password_hash).not.toBe(hashes[1].password_hash);
      expect(hashes[0].password_hash).not.toContain(password);

      expect(await identity.verifyPassword('OWNER@acme.test', password)).toEqual(user);
      expect(await identity.verifyPassword('owner@acme.test', 'wrong password!')).toBeNull();
      expect(await identity.verifyPassword('nobody@acme.test', password)).toBeNull();
      expect(twin).not.toHaveProperty('password_hash');
    });

    it('refuses a user without a password, and sets one later', async () => {
      const acme = await identity.ensureOrganization('acme');
      const viewer = await identity.ensureUser(acme, 'viewer');
      expect(await identity.verifyPassword(viewer.email, 'anything at all')).toBeNull();
      expect(await identity.setPassword(viewer.id, 'a new long password')).toBe(true);
      expect(await identity.verifyPassword(viewer.email, 'a new long password')).toEqual(viewer);
      await expect(identity.setPassword(viewer.id, 'short')).rejects.toThrow(/at least 12/);
    });
  });

  describe('tokens', () => {
    it('mints kadu_<audience>_<id>_<secret>, creating the organization and user, storing only the SHA-256', async () => {
      const { token, record } = await identity.createToken({ organization: 'acme', role: 'operator' });
      const parsed = codec.parse(token)!;
      expect(token).toMatch(/^kadu_mcp_[0-9a-f-]{36}_[A-Za-z0-9_-]{43}$/);
      expect(parsed).toEqual({ audience: 'mcp', id: record.id, secret: expect.any(String) });
      expect(Buffer.from(parsed.secret, 'base64url')).toHaveLength(32);

      const row = await db.selectFrom('access_tokens').selectAll().where('id', '=', record.id).executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(createHash('sha256').update(parsed.secret).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(parsed.secret);
      expect(record).not.toHaveProperty('token_hash');
      expect(record).toMatchObject({
        audience: 'mcp',
        scopes: ['kadu:read', 'kadu:write', 'kadu:run'],
        client_id: `pat_${record.id}`,
        client_name: 'Personal access token',
        expires_at: null,
        revoked_at: null,
      });
      expect(await identity.findUserByEmail('operator@acme.kadu.local')).toMatchObject({ role: 'operator' });
    });

    it('verifies a token into the caller, comparing the hash in constant time', async () => {
      const { token, record } = await identity.createToken({
        organization: 'acme',
        role: 'admin',
        scopes: ['kadu:read'],
        clientId: 'claude',
        clientName: 'Claude',
      });
      const caller = await identity.verify(token, 'mcp');
      expect(caller).toEqual({
        subject: record.user_id,
        organization_id: record.organization_id,
        client_id: 'claude',
        client_name: 'Claude',
        scopes: ['kadu:read'],
        roles: ['admin'],
      });
      expect(timingSafeEqual).toHaveBeenCalledTimes(1);
    });

    it('compares even when the id is unknown, so a miss takes as long as a wrong secret', async () => {
      const { token } = await identity.createToken({ organization: 'acme', role: 'admin' });
      const parsed = codec.parse(token)!;
      const unknownId = token.replace(parsed.id, '00000000-0000-4000-8000-000000000000');
      expect(await identity.verify(unknownId, 'mcp')).toBeNull();
      const wrongSecret = token.replace(
        parsed.secret,
        parsed.secret.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
      );
      expect(await identity.verify(wrongSecret, 'mcp')).toBeNull();
      expect(timingSafeEqual).toHaveBeenCalledTimes(2);
    });

    it('keeps the audiences apart: an MCP token is refused by the API and vice versa', async () => {
      const mcp = (await identity.createToken({ organization: 'acme', role: 'viewer', audience: 'mcp' })).token;
      const api = (await identity.createToken({ organization: 'acme', role: 'viewer', audience: 'api' })).token;
      expect(await identity.verify(mcp, 'mcp')).not.toBeNull();
      expect(await identity.verify(mcp, 'api')).toBeNull();
      expect(await identity.verify(api, 'api')).not.toBeNull();
      expect(await identity.verify(api, 'mcp')).toBeNull();
      // Rewriting the prefix does not move a token to the other audience: the stored audience decides too.
      expect(await identity.verify(mcp.replace(/^kadu_mcp_/, 'kadu_api_'), 'api')).toBeNull();
    });

    it('refuses revoked and expired tokens', async () => {
      const revoked = await identity.createToken({ organization: 'acme', role: 'viewer' });
      expect(await identity.revokeToken(revoked.record.id)).toBe(true);
      expect(await identity.revokeToken(revoked.record.id)).toBe(false);
      expect(await identity.verify(revoked.token, 'mcp')).toBeNull();

      const expiring = await identity.createToken({ organization: 'acme', role: 'viewer', expiresInDays: 1 });
      expect(Date.parse(expiring.record.expires_at!) - Date.parse(expiring.record.created_at)).toBe(86_400_000);
      expect(await identity.verify(expiring.token, 'mcp')).not.toBeNull();
      await db
        .updateTable('access_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', expiring.record.id)
        .execute();
      expect(await identity.verify(expiring.token, 'mcp')).toBeNull();
    });

    it.each(['', 'Bearer x', 'kadu_mcp_short_secret', 'kadu_ftp_00000000-0000-4000-8000-000000000000_' + 'a'.repeat(43)])(
      'refuses the malformed token %p without touching the database',
      async (token) => {
        expect(await identity.verify(token, 'mcp')).toBeNull();
        expect(timingSafeEqual).not.toHaveBeenCalled();
      },
    );

    it('validates what it is asked to mint', async () => {
      await expect(identity.createToken({ organization: 'acme', role: 'viewer', scopes: ['has space'] })).rejects.toThrow(/scope/);
      await expect(identity.createToken({ organization: 'acme', role: 'viewer', expiresInDays: 0 })).rejects.toThrow(/expiresInDays/);
      await expect(identity.createToken({ organization: 'acme', role: 'root' as never })).rejects.toThrow(/Unknown role/);
      const none = await identity.createToken({ organization: 'acme', role: 'viewer', scopes: [] });
      expect((await identity.verify(none.token, 'mcp'))?.scopes).toEqual([]);
    });
  });
});
