import { Kysely } from 'kysely';
import { MCP_TOOL_METADATA } from '@kobana/mcp/testing';
import { openTestDatabase } from '../../test/support/test-database';
import { KaduDatabase } from '../database/kadu-database.interface';
import { IdentityService } from '@kobana/identity';
import { OrganizationsService } from './organizations.service';
import { PLANS } from './plan-catalog.constants';
import { hostIdentityOptions } from '@kobana/platform';
import { KADU } from '../kadu.host';

const KADU_IDENTITY_OPTIONS = hostIdentityOptions(KADU);

describe('OrganizationsService', () => {
  let db: Kysely<KaduDatabase>;
  let identity: IdentityService;
  let organizations: OrganizationsService;

  beforeEach(async () => {
    db = await openTestDatabase();
    identity = new IdentityService(db, KADU_IDENTITY_OPTIONS);
    organizations = new OrganizationsService(db);
  });
  afterEach(() => db.destroy());

  it("returns the caller's organization with plan limits and this month's usage, in snake_case", async () => {
    const acme = await identity.ensureOrganization('acme', { name: 'Acme Ltda', plan: 'team' });
    await identity.ensureOrganization('other');
    const caller = (await identity.verify((await identity.createToken({ organization: acme, role: 'viewer' })).token, 'mcp'))!;

    await expect(organizations.get(caller)).resolves.toEqual({
      id: acme.id,
      slug: 'acme',
      name: 'Acme Ltda',
      plan: { name: 'team', ...PLANS.team },
      usage: { period: new Date().toISOString().slice(0, 7), executions: 0, cost_cents: 0 },
    });
  });

  it('answers 404 when the organization is gone', async () => {
    const caller = { subject: 'u', organization_id: 'gone', client_id: 'c', scopes: [], roles: ['owner'] };
    await expect(organizations.get(caller)).rejects.toMatchObject({ status: 404 });
  });

  it('is the read-only MCP tool kadu_organization_get', () => {
    expect(Reflect.getMetadata(MCP_TOOL_METADATA, OrganizationsService.prototype.get)).toMatchObject({
      name: 'kadu_organization_get',
      scopes: ['kadu:read'],
      annotations: { readOnlyHint: true, idempotentHint: true },
    });
  });
});
