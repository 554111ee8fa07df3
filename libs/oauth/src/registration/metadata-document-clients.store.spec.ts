import { Logger } from '@nestjs/common';
import { ClientMetadataError } from './client-metadata/client-metadata.error';
import type { ClientMetadataSource } from '../interfaces/client-metadata-source.interface';
import { MetadataDocumentClients } from './metadata-document-clients.store';
import type { OAuthRecordsAdapter } from '../records/oauth-records.store';

const DOCUMENT_URL = 'https://app.example/oauth/client.json';

/** A stand-in for the outbound branch's source: one good document, everything else refused. */
class FakeClientMetadataSource implements ClientMetadataSource {
  isMetadataUrl(clientId: string): boolean {
    return clientId.startsWith('https://') && new URL(clientId).pathname !== '/';
  }

  resolve(clientId: string) {
    if (clientId.endsWith('/broken.json')) return Promise.reject(new Error('connect ECONNREFUSED 10.0.0.7:443'));
    if (clientId !== DOCUMENT_URL) return Promise.reject(new ClientMetadataError('the document answered 404'));
    return Promise.resolve({ client_id: clientId, client_name: 'Example App', redirect_uris: ['https://app.example/cb'], token_endpoint_auth_method: 'none' });
  }
}

describe('MetadataDocumentClients', () => {
  const registered = { find: jest.fn().mockResolvedValue({ client_id: 'dcr-1' }) } as unknown as OAuthRecordsAdapter;
  const clients = new MetadataDocumentClients(registered, new FakeClientMetadataSource(), (reason) => new Error(`invalid_client: ${reason}`));

  it('answers a metadata-document client as a public client with its redirect URIs and name, never stored', async () => {
    expect(await clients.find(DOCUMENT_URL)).toEqual({
      client_id: DOCUMENT_URL,
      client_name: 'Example App',
      redirect_uris: ['https://app.example/cb'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'web',
      kobana_client_source: 'metadata_document',
    });
    expect(registered.find).not.toHaveBeenCalled();
  });

  it('answers invalid_client with the reason when the document cannot be used', async () => {
    await expect(clients.find('https://app.example/missing.json')).rejects.toThrow(
      'invalid_client: The client ID metadata document could not be used: the document answered 404',
    );
  });

  it('answers any other failure of the source with a generic reason, the cause only in the log', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      const refused = clients.find('https://app.example/broken.json');
      await expect(refused).rejects.toThrow('invalid_client: The client ID metadata document could not be used: it could not be resolved');
      await expect(refused).rejects.not.toThrow('10.0.0.7');
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('connect ECONNREFUSED 10.0.0.7:443'));
    } finally {
      logged.mockRestore();
    }
  });

  it('reads any other client id from the database', async () => {
    expect(await clients.find('dcr-1')).toEqual({ client_id: 'dcr-1' });
    expect(registered.find).toHaveBeenCalledWith('dcr-1');
  });

  it('without a source, treats a URL as any other client id', async () => {
    const withoutSource = new MetadataDocumentClients(registered, undefined, () => new Error('unused'));
    expect(await withoutSource.find(DOCUMENT_URL)).toEqual({ client_id: 'dcr-1' });
  });
});
