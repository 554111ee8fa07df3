import { Kysely } from 'kysely';
import { openTestDatabase } from '../../test/support/test-database';
import { KaduDatabase } from '../database/kadu-database.interface';
import { IdentityService, McpAccessTokenVerifier } from '@kobana/identity';
import { hostIdentityOptions } from '@kobana/platform';
import { KADU } from '../kadu.host';

const KADU_IDENTITY_OPTIONS = hostIdentityOptions(KADU);

describe('McpAccessTokenVerifier, as Kadu configures it', () => {
  let db: Kysely<KaduDatabase>;
  let identity: IdentityService;
  let verifier: McpAccessTokenVerifier;

  beforeEach(async () => {
    db = await openTestDatabase();
    identity = new IdentityService(db, KADU_IDENTITY_OPTIONS);
    verifier = new McpAccessTokenVerifier(identity);
  });
  afterEach(() => db.destroy());

  it('resolves an MCP token to the McpCaller: user, organization, client, scopes and role', async () => {
    const { token, record } = await identity.createToken({
      organization: 'acme',
      role: 'operator',
      clientId: 'client-1',
      clientName: 'Client One',
    });
    await expect(verifier.verify(token)).resolves.toEqual({
      subject: record.user_id,
      organization_id: record.organization_id,
      client_id: 'client-1',
      client_name: 'Client One',
      scopes: ['kadu:read', 'kadu:write', 'kadu:run'],
      roles: ['operator'],
    });
  });

  it('refuses a token issued for the API', async () => {
    const { token } = await identity.createToken({ organization: 'acme', role: 'owner', audience: 'api' });
    await expect(verifier.verify(token)).resolves.toBeNull();
  });

  it('refuses anything that is not a Kadu token', async () => {
    await expect(verifier.verify('not-a-token')).resolves.toBeNull();
  });
});
