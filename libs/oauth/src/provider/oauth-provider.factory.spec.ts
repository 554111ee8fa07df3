import { narrowDatabase } from '@kobana/database';
import { Kysely } from 'kysely';
import { openLibraryTestDatabase } from '../../../../test/support/library-test.database';
import { ClientMetadataError } from '../registration/client-metadata/client-metadata.error';
import type { ClientMetadataSource } from '../interfaces/client-metadata-source.interface';
import { OAuthKeys } from './oauth-keys.factory';
import type { OAuthHostDatabase } from '../oauth-host.table';
import { createOAuthRecords } from '../records/oauth.migration';
import { createOAuthProvider } from './oauth-provider.factory';
import { resolveOAuthServerSettings } from '../oauth-server.options';
import type { OAuthDatabase } from '../records/oauth.table';

const DOCUMENT_URL = 'https://app.example/oauth/client.json';

/** A stand-in for the outbound branch's source. */
const fakeSource: ClientMetadataSource = {
  isMetadataUrl: (clientId) => clientId.startsWith('https://') && new URL(clientId).pathname !== '/',
  resolve: (clientId) =>
    clientId === DOCUMENT_URL
      ? Promise.resolve({ client_id: clientId, client_name: 'Example App', redirect_uris: ['https://app.example/cb', 'http://127.0.0.1/cb'] })
      : Promise.reject(new ClientMetadataError('fetch refused: the address is not public')),
};

describe('createOAuthProvider', () => {
  let db: Kysely<OAuthHostDatabase>;
  const settings = resolveOAuthServerSettings({
    issuer: 'https://kadu.test',
    resource: 'https://kadu.test/mcp',
    scopes: [{ scope: 'kadu:read', description: 'Read' }],
    personalTokenPrefix: 'kadu_',
  });
  const build = () =>
    createOAuthProvider({
      db: narrowDatabase<OAuthDatabase, OAuthHostDatabase>(db),
      settings,
      keys: new OAuthKeys(() => 'a-test-signing-secret-of-enough-length'),
      clientMetadata: fakeSource,
    });

  beforeAll(async () => {
    db = await openLibraryTestDatabase<OAuthHostDatabase>({
      hostTables: { users: { passwords: false } },
      migrations: { '0600_create_oauth': createOAuthRecords },
    });
  });
  afterAll(() => db.destroy());

  it('takes a metadata document as a public client with its redirect URIs and name', async () => {
    const client = await build().Client.find(DOCUMENT_URL);
    expect(client).toMatchObject({ clientId: DOCUMENT_URL, clientName: 'Example App', tokenEndpointAuthMethod: 'none' });
    expect(client?.redirectUris).toEqual(['https://app.example/cb', 'http://127.0.0.1/cb']);
    expect(client?.metadata().kobana_client_source).toBe('metadata_document');
  });

  it('answers invalid_client with the reason when the document cannot be used', async () => {
    await expect(build().Client.find('https://evil.example/client.json')).rejects.toMatchObject({
      error: 'invalid_client',
      error_description: 'The client ID metadata document could not be used: fetch refused: the address is not public',
    });
  });

  it('is built in well under a second', () => {
    build();
    const started = performance.now();
    build();
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
